# tripweave — see README.md.
GO      ?= go
BIN     := bin
PKGS    := ./...

DATASETS ?= ../shared/datasets

.PHONY: chaos overload run agents cluster build test test-race bench bench-travelplanner bench-quality load load-standin lint fmt clean

## run: build and start the API on :8080 with embedded defaults
run: build
	$(BIN)/orchestrator serve

## agents: build and start the MCP agents server on :8081
agents: build
	$(BIN)/agents

## cluster: the production shape on this machine: two API replicas (:8080, :8082) and two pre-warm workers
## sharing the Redis and PostgreSQL below (they must be running; no Docker needed). Ctrl-C stops all four.
CLUSTER_REDIS_URL    ?= redis://127.0.0.1:6379/0
CLUSTER_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable
CLUSTER_PG_SCHEMA    ?= tripweave_cluster
cluster: build
	@export REDIS_URL="$(CLUSTER_REDIS_URL)" DATABASE_URL="$(CLUSTER_DATABASE_URL)" TRIPWEAVE_PG_SCHEMA="$(CLUSTER_PG_SCHEMA)"; \
	$(BIN)/orchestrator migrate || exit 1; \
	pids=""; trap 'kill $$pids 2>/dev/null; wait' INT TERM EXIT; \
	$(BIN)/orchestrator serve --addr 127.0.0.1:8080 & pids="$$pids $$!"; \
	$(BIN)/orchestrator serve --addr 127.0.0.1:8082 & pids="$$pids $$!"; \
	$(BIN)/orchestrator worker --concurrency 4 & pids="$$pids $$!"; \
	$(BIN)/orchestrator worker --concurrency 4 & pids="$$pids $$!"; \
	echo "cluster: API replicas on :8080 and :8082, two workers (pids$$pids); Ctrl-C stops them"; \
	wait

build:
	$(GO) build -o $(BIN)/ ./cmd/...

## test: all tests; integration tests use real services when REDIS_URL / DATABASE_URL are set; the parser's fuzz
## target (seeded with every request text we hold) runs for 40,000 executions (about 10–15 s here): a count, not a
## duration, because go1.26's fuzz coordinator can fail a duration run at its deadline with a bare "context deadline
## exceeded" and no failing input (golang/go#75804, fixed in Go 1.27); a real finding still writes its input
test:
	$(GO) test -count=1 $(PKGS)
	$(GO) test -count=1 -run '^$$' -fuzz '^FuzzParseRules$$' -fuzztime 40000x ./agents/brief/
	$(GO) test -count=1 -race ./orchestrator/algorithms/dag/ ./knowledgebase/ ./orchestrator/app/pipeline/ ./orchestrator/adapters/sqlite/ ./agents/upstream/ ./agents/datatools/ ./agents/traveltools/

## chaos: the fault suite: its own redis-server, API and agents processes on free loopback ports under load;
## Redis frozen and restarted empty, the agents server killed, a full store, SIGTERM, impatient clients
## (needs redis-server and the ChinaTravel sandbox; about a minute)
chaos:
	TRIPWEAVE_CHAOS=1 $(GO) test -count=1 -timeout 5m -run '^TestChaos$$' -v ./cmd/orchestrator/

## overload: admission under 64 and 256 connections: a fresh API process per phase, with the bound on plans in
## flight and without it (the baseline); peak RSS, refusals and the admitted plans' p50/p99 (fails over 300 MB)
overload: build
	$(BIN)/orchestrator overload --data $(DATASETS)/chinatravel --max-rss-mb 300 $(OVERLOADFLAGS)

## bench: benchmarks, one package at a time (-p 1) on these two-core machines
bench:
	$(GO) test -p 1 -run '^$$' -bench . -benchmem $(PKGS)

## bench-travelplanner: plan the 45 TravelPlanner training queries on embedded defaults, then score them
bench-travelplanner: build
	$(BIN)/orchestrator travelplanner --data $(DATASETS)/travelplanner \
		--queries $(DATASETS)/travelplanner/train/train_queries.jsonl --out $(BIN)/travelplanner-train.jsonl > $(BIN)/travelplanner-batch.json
	$(BIN)/orchestrator evaluate --data $(DATASETS)/travelplanner \
		--queries $(DATASETS)/travelplanner/train/train_queries.jsonl --submission $(BIN)/travelplanner-train.jsonl

## bench-quality: plan, verify and score the quality evaluation requests (orchestrator/evaluation/quality)
bench-quality: build
	$(BIN)/orchestrator evaluate-quality --data $(DATASETS) --json $(BIN)/quality.json

## load: warm plans/s, p50/p99/max and the ratio to a no-op gin handler measured in the same run, in two phases:
## repeat (the warmed briefs round robin: memo hits) and unique (every request a new brief, planned afresh), with the
## provider calls per plan by kind (in-process server, ChinaTravel sandbox imported; REDIS_URL and DATABASE_URL as for
## run). LOADPROVIDERS=offline (default): providers fail fast; LOADPROVIDERS=standin: agents/standin answers every
## provider in its recorded format for any city and date, every city pre-warmed first (also: make load-standin)
LOADPROVIDERS ?= offline
load: build
	$(BIN)/orchestrator load --data $(DATASETS)/chinatravel --providers $(LOADPROVIDERS) $(LOADFLAGS)

## load-standin: make load with the providers answering (agents/standin on loopback)
load-standin: build
	$(BIN)/orchestrator load --data $(DATASETS)/chinatravel --providers standin $(LOADFLAGS)

## lint: go vet and a gofmt check
lint:
	$(GO) vet $(PKGS)
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf $(BIN)
