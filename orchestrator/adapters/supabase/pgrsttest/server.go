// Package pgrsttest is a PostgREST-compatible test server backed by a real
// PostgreSQL: the subset of PostgREST's REST API that tripweave's Supabase
// store and supabase-go use, in PostgREST's request and response formats,
// since PostgREST itself cannot be installed where the tests run.
//
// It serves, under /rest/v1/:
//   - GET and HEAD /{table}: select (columns, aliases, JSON arrows -> and
//     ->>), column filters (eq, neq, gt, gte, lt, lte, like, ilike, is, in
//     and not.), logic trees (and=(…), or=(…), nested, with double-quoted
//     values), order (col.asc|desc.nullsfirst|nullslast), limit and offset,
//     Prefer: count=exact, Content-Range;
//   - POST /{table}: insert of an object or an array, upsert with Prefer:
//     resolution=merge-duplicates (or ignore-duplicates) and on_conflict,
//     Prefer: return=minimal|representation, count=exact;
//   - DELETE /{table} with filters, Prefer return and count;
//   - POST /rpc/{function}: a function of one unnamed json or jsonb
//     parameter receives the body, one with named parameters receives the
//     body's keys by name; the result is the function's JSON value.
//
// Every request runs in one transaction with search_path set to the
// Accept-Profile (reads) or Content-Profile (writes) schema, which must be
// one the server exposes (PGRST106 otherwise). Requests need the apikey
// and Authorization: Bearer headers of the key (401 otherwise, as
// Supabase's gateway answers). Errors are PostgREST's JSON
// {"code","details","hint","message"} with PostgREST's statuses.
package pgrsttest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Server is a running PostgREST-compatible server.
type Server struct {
	*httptest.Server
	pool    *pgxpool.Pool
	schemas []string
	key     string

	// Hook, when set, runs before each request is handled; returning
	// false drops the connection without an answer (a network failure).
	Hook atomic.Pointer[func(r *http.Request) bool]
	// LoseAnswer, when set and true for a request, lets the request run
	// (its transaction commits) and then drops the connection without the
	// answer: a reply lost on the network.
	LoseAnswer atomic.Pointer[func(r *http.Request) bool]

	mu       sync.Mutex
	requests []string // "METHOD path?query" of each request
}

// New starts a server for the database at dbURL exposing schemas (the
// first is the default profile), accepting key; it stops when t ends.
func New(t testing.TB, dbURL, key string, schemas ...string) *Server {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), dbURL)
	if err != nil {
		t.Fatalf("pgrsttest: %v", err)
	}
	s := &Server{pool: pool, schemas: schemas, key: key}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(func() {
		s.Server.Close()
		pool.Close()
	})
	return s
}

// Requests returns the requests served so far, as "METHOD /path?query".
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// apiError is PostgREST's error body.
type apiError struct {
	status  int
	Code    string  `json:"code"`
	Details *string `json:"details"`
	Hint    *string `json:"hint"`
	Message string  `json:"message"`
}

func (e *apiError) Error() string { return e.Message }

func pgrstErr(status int, code, msg string, details ...string) *apiError {
	e := &apiError{status: status, Code: code, Message: msg}
	if len(details) > 0 {
		e.Details = &details[0]
	}
	return e
}

// fromPG maps a database error the way PostgREST does.
func fromPG(err error) *apiError {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return pgrstErr(503, "PGRST000", "Database client error. Retrying the connection.", err.Error())
	}
	e := &apiError{Code: pe.Code, Message: pe.Message}
	if pe.Detail != "" {
		e.Details = &pe.Detail
	}
	if pe.Hint != "" {
		e.Hint = &pe.Hint
	}
	switch c := pe.Code; {
	case c == "23503", c == "23505":
		e.status = 409
	case c == "42883", c == "42P01":
		e.status = 404
	case c == "42501":
		e.status = 403
	case c == "25006":
		e.status = 405
	case strings.HasPrefix(c, "08"), strings.HasPrefix(c, "53"):
		e.status = 503
	case strings.HasPrefix(c, "22"), strings.HasPrefix(c, "23"), strings.HasPrefix(c, "42"), strings.HasPrefix(c, "P0"):
		e.status = 400
	default:
		e.status = 500
	}
	return e
}

func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests = append(s.requests, r.Method+" "+r.URL.RequestURI())
	s.mu.Unlock()
	if h := s.Hook.Load(); h != nil && !(*h)(r) {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	if l := s.LoseAnswer.Load(); l != nil && (*l)(r) {
		rec := httptest.NewRecorder()
		s.answer(rec, r)
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		panic(http.ErrAbortHandler)
	}
	s.answer(w, r)
}

// answer handles r, writing PostgREST's error body on failure.
func (s *Server) answer(w http.ResponseWriter, r *http.Request) {
	if err := s.handle(w, r); err != nil {
		var e *apiError
		if !errors.As(err, &e) {
			e = fromPG(err)
		}
		body, _ := json.Marshal(e)
		writeJSON(w, e.status, body)
	}
}

var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// prefer parses the Prefer header into its key=value settings.
func prefer(r *http.Request) map[string]string {
	out := map[string]string{}
	for _, h := range r.Header.Values("Prefer") {
		for _, part := range strings.Split(h, ",") {
			k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
			if k != "" {
				out[k] = v
			}
		}
	}
	return out
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) error {
	if r.Header.Get("apikey") != s.key || r.Header.Get("Authorization") != "Bearer "+s.key {
		writeJSON(w, 401, []byte(`{"message":"Invalid API key","hint":"Double check your Supabase `+"`anon`"+` or `+"`service_role`"+` API key."}`))
		return nil
	}
	rest, ok := strings.CutPrefix(r.URL.Path, "/rest/v1/")
	if !ok || rest == "" {
		return pgrstErr(404, "PGRST125", "Invalid path specified in request URL")
	}
	profile := r.Header.Get("Accept-Profile")
	if r.Method == http.MethodPost || r.Method == http.MethodPatch || r.Method == http.MethodPut || r.Method == http.MethodDelete {
		profile = r.Header.Get("Content-Profile")
	}
	if profile == "" {
		profile = s.schemas[0]
	}
	allowed := false
	for _, sc := range s.schemas {
		allowed = allowed || sc == profile
	}
	if !allowed {
		return pgrstErr(406, "PGRST106", "The schema must be one of the following: "+strings.Join(s.schemas, ", "))
	}
	ctx := r.Context()
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback(context.WithoutCancel(ctx)) }()
	if _, err := tx.Exec(ctx, `SELECT set_config('search_path', $1, true)`, pgx.Identifier{profile}.Sanitize()); err != nil {
		return err
	}
	prefs := prefer(r)
	var status int
	var body []byte
	hdr := w.Header()
	if fn, ok := strings.CutPrefix(rest, "rpc/"); ok {
		if r.Method != http.MethodPost {
			return pgrstErr(405, "PGRST101", "Only GET, HEAD or POST are allowed for function calls")
		}
		status, body, err = s.rpc(ctx, tx, profile, fn, r)
	} else {
		if !ident.MatchString(rest) {
			return pgrstErr(404, "PGRST205", fmt.Sprintf("Could not find the table '%s.%s' in the schema cache", profile, rest))
		}
		var t *table
		if t, err = loadTable(ctx, tx, profile, rest); err != nil {
			return err
		}
		switch r.Method {
		case http.MethodGet, http.MethodHead:
			status, body, err = s.read(ctx, tx, t, r.URL.Query(), prefs, hdr)
			if r.Method == http.MethodHead {
				body = nil
			}
		case http.MethodPost:
			status, body, err = s.insert(ctx, tx, t, r, prefs, hdr)
		case http.MethodDelete:
			status, body, err = s.remove(ctx, tx, t, r.URL.Query(), prefs, hdr)
		default:
			return pgrstErr(405, "PGRST117", "Unsupported HTTP method: "+r.Method)
		}
	}
	if err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	var applied []string
	for _, k := range []string{"resolution", "return", "count"} {
		if v, ok := prefs[k]; ok {
			applied = append(applied, k+"="+v)
		}
	}
	if len(applied) > 0 {
		hdr.Set("Preference-Applied", strings.Join(applied, ", "))
	}
	if body == nil {
		w.WriteHeader(status)
		return nil
	}
	writeJSON(w, status, body)
	return nil
}

// table is a relation's columns and their SQL types, in order.
type table struct {
	schema, name string
	cols         map[string]string
	order        []string
	pkey         []string
}

func (t *table) sql() string { return pgx.Identifier{t.schema, t.name}.Sanitize() }

func loadTable(ctx context.Context, tx pgx.Tx, schema, name string) (*table, error) {
	rows, err := tx.Query(ctx, `SELECT a.attname, format_type(a.atttypid, a.atttypmod),
			coalesce(a.attnum = ANY (i.indkey), false)
		FROM pg_attribute a
		JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
		LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
		WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`, schema, name)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	t := &table{schema: schema, name: name, cols: map[string]string{}}
	for rows.Next() {
		var col, typ string
		var pk bool
		if err := rows.Scan(&col, &typ, &pk); err != nil {
			return nil, err
		}
		t.cols[col] = typ
		t.order = append(t.order, col)
		if pk {
			t.pkey = append(t.pkey, col)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(t.order) == 0 {
		return nil, pgrstErr(404, "PGRST205", fmt.Sprintf("Could not find the table '%s.%s' in the schema cache", schema, name))
	}
	return t, nil
}

// query accumulates SQL parameters.
type query struct {
	t    *table
	args []any
}

func (q *query) arg(v any) string {
	q.args = append(q.args, v)
	return "$" + strconv.Itoa(len(q.args))
}

func (q *query) column(name string) (string, error) {
	if _, ok := q.t.cols[name]; !ok {
		return "", &apiError{status: 400, Code: "42703", Message: fmt.Sprintf("column %s.%s does not exist", q.t.name, name)}
	}
	return pgx.Identifier{name}.Sanitize(), nil
}

// selectList turns select=… into SQL: columns, alias:column, and JSON
// paths col->key->>key (named after their last key).
func (q *query) selectList(sel string) (string, error) {
	if sel == "" || sel == "*" {
		return "*", nil
	}
	var out []string
	for _, item := range strings.Split(sel, ",") {
		alias, expr, ok := strings.Cut(item, ":")
		if !ok {
			expr, alias = item, ""
		}
		var parts []string
		var ops []string
		rest := expr
		for {
			i := strings.Index(rest, "->")
			if i < 0 {
				parts = append(parts, rest)
				break
			}
			parts = append(parts, rest[:i])
			if strings.HasPrefix(rest[i:], "->>") {
				ops = append(ops, "->>")
				rest = rest[i+3:]
			} else {
				ops = append(ops, "->")
				rest = rest[i+2:]
			}
		}
		col, err := q.column(parts[0])
		if err != nil {
			return "", err
		}
		sql := col
		for i, key := range parts[1:] {
			if !ident.MatchString(key) {
				return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse select parameter (%s)\"", sel))
			}
			if n, err := strconv.Atoi(key); err == nil {
				sql += ops[i] + strconv.Itoa(n)
			} else {
				sql += ops[i] + "'" + key + "'"
			}
		}
		if alias == "" {
			alias = parts[len(parts)-1]
		}
		if !ident.MatchString(alias) {
			return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse select parameter (%s)\"", sel))
		}
		out = append(out, sql+" AS "+pgx.Identifier{alias}.Sanitize())
	}
	return strings.Join(out, ", "), nil
}

var operators = map[string]string{"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "like": "LIKE", "ilike": "ILIKE"}

// condition turns column and "op.value" (or "not.op.value") into SQL.
func (q *query) condition(column, spec string) (string, error) {
	col, err := q.column(column)
	if err != nil {
		return "", err
	}
	not := false
	if rest, ok := strings.CutPrefix(spec, "not."); ok {
		not, spec = true, rest
	}
	op, val, ok := strings.Cut(spec, ".")
	if !ok {
		return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse filter (%s)\" (line 1, column %d)", spec, len(spec)+1))
	}
	typ := q.t.cols[column]
	var sql string
	switch op {
	case "is":
		switch strings.ToLower(val) {
		case "null":
			sql = col + " IS NULL"
		case "true", "false", "unknown":
			sql = col + " IS " + strings.ToUpper(val)
		default:
			return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse filter (is.%s)\" (line 1, column 4)", val))
		}
	case "in":
		inner, ok := strings.CutPrefix(val, "(")
		inner, ok2 := strings.CutSuffix(inner, ")")
		if !ok || !ok2 {
			return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse filter (in.%s)\" (line 1, column 4)", val))
		}
		items, err := splitTop(inner)
		if err != nil {
			return "", err
		}
		var ph []string
		for _, it := range items {
			ph = append(ph, q.arg(unquote(it))+"::text::"+typ)
		}
		sql = col + " IN (" + strings.Join(ph, ", ") + ")"
	default:
		sqlOp, ok := operators[op]
		if !ok {
			return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse filter (%s)\" (line 1, column %d)", spec, len(op)+1))
		}
		if op == "like" || op == "ilike" {
			sql = col + "::text " + sqlOp + " " + q.arg(strings.ReplaceAll(unquote(val), "*", "%"))
		} else {
			sql = col + " " + sqlOp + " " + q.arg(unquote(val)) + "::text::" + typ
		}
	}
	if not {
		sql = "NOT (" + sql + ")"
	}
	return sql, nil
}

// unquote strips PostgREST's double quotes from a value, undoing \" and \\.
func unquote(v string) string {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return strings.NewReplacer(`\\`, `\`, `\"`, `"`).Replace(v[1 : len(v)-1])
	}
	return v
}

// splitTop splits s at commas outside parentheses and double quotes.
func splitTop(s string) ([]string, error) {
	var out []string
	depth, quoted, start := 0, false, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				return nil, pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column %d)", s, i+1))
			}
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if depth != 0 || quoted {
		return nil, pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column %d)", s, len(s)+1))
	}
	return append(out, s[start:]), nil
}

// logic turns a logic tree "(a.op.v,or(…))" joined by op (AND, OR) into SQL.
func (q *query) logic(op, tree string) (string, error) {
	inner, ok := strings.CutPrefix(tree, "(")
	inner, ok2 := strings.CutSuffix(inner, ")")
	if !ok || !ok2 {
		return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column 1)", tree))
	}
	items, err := splitTop(inner)
	if err != nil {
		return "", err
	}
	var parts []string
	for _, it := range items {
		not := false
		if rest, ok := strings.CutPrefix(it, "not."); ok && (strings.HasPrefix(rest, "and(") || strings.HasPrefix(rest, "or(")) {
			not, it = true, rest
		}
		var sql string
		switch {
		case strings.HasPrefix(it, "and("):
			sql, err = q.logic("AND", it[3:])
		case strings.HasPrefix(it, "or("):
			sql, err = q.logic("OR", it[2:])
		default:
			col, spec, ok := strings.Cut(it, ".")
			if !ok {
				return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse logic tree (%s)\" (line 1, column 1)", tree))
			}
			sql, err = q.condition(col, spec)
		}
		if err != nil {
			return "", err
		}
		if not {
			sql = "NOT " + sql
		}
		parts = append(parts, sql)
	}
	return "(" + strings.Join(parts, " "+op+" ") + ")", nil
}

// reserved are the query parameters that are not column filters.
var reserved = map[string]bool{"select": true, "order": true, "limit": true, "offset": true, "on_conflict": true, "columns": true, "and": true, "or": true}

// where turns the filters of v into a WHERE clause ("" for none).
func (q *query) where(v map[string][]string) (string, error) {
	var conds []string
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for _, k := range keys {
		for _, val := range v[k] {
			var sql string
			var err error
			switch {
			case k == "and" || k == "or":
				sql, err = q.logic(strings.ToUpper(k), val)
			case k == "not.and" || k == "not.or":
				sql, err = q.logic(strings.ToUpper(k[4:]), val)
				sql = "NOT " + sql
			case reserved[k]:
				continue
			default:
				sql, err = q.condition(k, val)
			}
			if err != nil {
				return "", err
			}
			conds = append(conds, sql)
		}
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), nil
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// orderBy turns order=col.dir.nulls,… into SQL.
func (q *query) orderBy(spec string) (string, error) {
	if spec == "" {
		return "", nil
	}
	var out []string
	for _, item := range strings.Split(spec, ",") {
		parts := strings.Split(item, ".")
		col, err := q.column(parts[0])
		if err != nil {
			return "", err
		}
		sql := col
		for _, p := range parts[1:] {
			switch p {
			case "asc":
				sql += " ASC"
			case "desc":
				sql += " DESC"
			case "nullsfirst":
				sql += " NULLS FIRST"
			case "nullslast":
				sql += " NULLS LAST"
			default:
				return "", pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse order (%s)\" (line 1, column %d)", spec, len(parts[0])+2))
			}
		}
		out = append(out, sql)
	}
	return " ORDER BY " + strings.Join(out, ", "), nil
}

func nonNegative(v map[string][]string, name string) (int, bool, error) {
	s := ""
	if len(v[name]) > 0 {
		s = v[name][0]
	}
	if s == "" {
		return 0, false, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false, pgrstErr(400, "PGRST100", fmt.Sprintf("\"failed to parse %s parameter (%s)\" (line 1, column 1)", name, s))
	}
	return n, true, nil
}

// contentRange renders PostgREST's Content-Range for n rows from offset
// out of total (total < 0: not counted).
func contentRange(offset, n int, total int64) string {
	t := "*"
	if total >= 0 {
		t = strconv.FormatInt(total, 10)
	}
	if n == 0 {
		return "*/" + t
	}
	return fmt.Sprintf("%d-%d/%s", offset, offset+n-1, t)
}

func (s *Server) read(ctx context.Context, tx pgx.Tx, t *table, v map[string][]string, prefs map[string]string, hdr http.Header) (int, []byte, error) {
	q := &query{t: t}
	sel, err := q.selectList(first(v["select"]))
	if err != nil {
		return 0, nil, err
	}
	where, err := q.where(v)
	if err != nil {
		return 0, nil, err
	}
	order, err := q.orderBy(first(v["order"]))
	if err != nil {
		return 0, nil, err
	}
	limit, hasLimit, err := nonNegative(v, "limit")
	if err != nil {
		return 0, nil, err
	}
	offset, _, err := nonNegative(v, "offset")
	if err != nil {
		return 0, nil, err
	}
	page := ""
	if hasLimit {
		page += " LIMIT " + strconv.Itoa(limit)
	}
	if offset > 0 {
		page += " OFFSET " + strconv.Itoa(offset)
	}
	sql := `SELECT coalesce(json_agg(_t), '[]')::text, count(*) FROM (SELECT ` + sel + ` FROM ` + t.sql() + where + order + page + `) _t`
	var body string
	var n int
	if err := tx.QueryRow(ctx, sql, q.args...).Scan(&body, &n); err != nil {
		return 0, nil, err
	}
	total := int64(-1)
	if prefs["count"] == "exact" {
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM `+t.sql()+where, q.args...).Scan(&total); err != nil {
			return 0, nil, err
		}
	}
	hdr.Set("Content-Range", contentRange(offset, n, total))
	return http.StatusOK, []byte(body), nil
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}

func (s *Server) insert(ctx context.Context, tx pgx.Tx, t *table, r *http.Request, prefs map[string]string, hdr http.Header) (int, []byte, error) {
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return 0, nil, err
	}
	var rows []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &rows); err != nil {
		var one map[string]json.RawMessage
		if err := json.Unmarshal(raw, &one); err != nil {
			return 0, nil, pgrstErr(400, "PGRST102", "Empty or invalid json")
		}
		rows = []map[string]json.RawMessage{one}
		raw, _ = json.Marshal(rows)
	}
	q := &query{t: t}
	seen := map[string]bool{}
	var cols []string
	for _, row := range rows {
		for k := range row {
			if !seen[k] {
				seen[k] = true
				cols = append(cols, k)
			}
		}
	}
	sortStrings(cols)
	var idents []string
	for _, c := range cols {
		id, err := q.column(c)
		if err != nil {
			return 0, nil, &apiError{status: 400, Code: "PGRST204", Message: fmt.Sprintf("Could not find the '%s' column of '%s' in the schema cache", c, t.name)}
		}
		idents = append(idents, id)
	}
	list := strings.Join(idents, ", ")
	sql := `INSERT INTO ` + t.sql() + ` (` + list + `) SELECT ` + list + ` FROM json_populate_recordset(null::` + t.sql() + `, ` + q.arg(string(raw)) + `::json)`
	switch prefs["resolution"] {
	case "merge-duplicates", "ignore-duplicates":
		target := t.pkey
		if oc := r.URL.Query().Get("on_conflict"); oc != "" {
			target = strings.Split(oc, ",")
		}
		var tids []string
		for _, c := range target {
			id, err := q.column(c)
			if err != nil {
				return 0, nil, err
			}
			tids = append(tids, id)
		}
		if prefs["resolution"] == "ignore-duplicates" {
			sql += ` ON CONFLICT (` + strings.Join(tids, ", ") + `) DO NOTHING`
		} else {
			var sets []string
			for _, id := range idents {
				sets = append(sets, id+" = EXCLUDED."+id)
			}
			sql += ` ON CONFLICT (` + strings.Join(tids, ", ") + `) DO UPDATE SET ` + strings.Join(sets, ", ")
		}
	}
	var body string
	var n int64
	if err := tx.QueryRow(ctx, `WITH _t AS (`+sql+` RETURNING *) SELECT coalesce(json_agg(_t), '[]')::text, count(*) FROM _t`, q.args...).Scan(&body, &n); err != nil {
		return 0, nil, err
	}
	total := int64(-1)
	if prefs["count"] == "exact" {
		total = n
	}
	hdr.Set("Content-Range", contentRange(0, 0, total))
	if prefs["return"] == "representation" {
		return http.StatusCreated, []byte(body), nil
	}
	return http.StatusCreated, nil, nil
}

func (s *Server) remove(ctx context.Context, tx pgx.Tx, t *table, v map[string][]string, prefs map[string]string, hdr http.Header) (int, []byte, error) {
	q := &query{t: t}
	where, err := q.where(v)
	if err != nil {
		return 0, nil, err
	}
	var body string
	var n int64
	if err := tx.QueryRow(ctx, `WITH _t AS (DELETE FROM `+t.sql()+where+` RETURNING *) SELECT coalesce(json_agg(_t), '[]')::text, count(*) FROM _t`, q.args...).Scan(&body, &n); err != nil {
		return 0, nil, err
	}
	total := int64(-1)
	if prefs["count"] == "exact" {
		total = n
	}
	hdr.Set("Content-Range", contentRange(0, 0, total))
	if prefs["return"] == "representation" {
		return http.StatusOK, []byte(body), nil
	}
	return http.StatusNoContent, nil, nil
}

func (s *Server) rpc(ctx context.Context, tx pgx.Tx, schema, fn string, r *http.Request) (int, []byte, error) {
	notFound := pgrstErr(404, "PGRST202", fmt.Sprintf("Could not find the function %s.%s without parameters in the schema cache", schema, fn))
	if !ident.MatchString(fn) {
		return 0, nil, notFound
	}
	raw, err := io.ReadAll(r.Body)
	if err != nil {
		return 0, nil, err
	}
	if len(strings.TrimSpace(string(raw))) == 0 {
		raw = []byte("{}")
	}
	var names []string
	var types []string
	var ret string
	var retset bool
	err = tx.QueryRow(ctx, `SELECT coalesce(p.proargnames, '{}'), ARRAY(SELECT format_type(t, NULL) FROM unnest(p.proargtypes) t),
			format_type(p.prorettype, NULL), p.proretset
		FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 AND p.proname = $2 LIMIT 1`, schema, fn).
		Scan(&names, &types, &ret, &retset)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil, notFound
	}
	if err != nil {
		return 0, nil, err
	}
	q := &query{}
	var call string
	if len(types) == 1 && (len(names) == 0 || names[0] == "") && (types[0] == "json" || types[0] == "jsonb") {
		call = pgx.Identifier{schema, fn}.Sanitize() + "(" + q.arg(string(raw)) + "::" + types[0] + ")"
	} else {
		var args map[string]json.RawMessage
		if err := json.Unmarshal(raw, &args); err != nil {
			return 0, nil, pgrstErr(400, "PGRST102", "Empty or invalid json")
		}
		var parts []string
		for i, name := range names {
			v, ok := args[name]
			if !ok || i >= len(types) {
				continue
			}
			var text any
			var str string
			if json.Unmarshal(v, &str) == nil {
				text = str
			} else if string(v) != "null" {
				text = string(v)
			}
			parts = append(parts, pgx.Identifier{name}.Sanitize()+" => "+q.arg(text)+"::text::"+types[i])
		}
		call = pgx.Identifier{schema, fn}.Sanitize() + "(" + strings.Join(parts, ", ") + ")"
	}
	if ret == "void" {
		if _, err := tx.Exec(ctx, "SELECT "+call, q.args...); err != nil {
			return 0, nil, err
		}
		return http.StatusNoContent, nil, nil
	}
	sql := "SELECT to_json(" + call + ")::text"
	if retset {
		sql = "SELECT coalesce(json_agg(_t), '[]')::text FROM " + call + " _t"
	}
	var body *string
	if err := tx.QueryRow(ctx, sql, q.args...).Scan(&body); err != nil {
		return 0, nil, err
	}
	if body == nil {
		return http.StatusOK, []byte("null"), nil
	}
	return http.StatusOK, []byte(*body), nil
}
