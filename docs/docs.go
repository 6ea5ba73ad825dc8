// Package docs holds tripweave's API description: openapi.yaml (OpenAPI
// 3.1), embedded, and served as JSON at /openapi.json.
package docs

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/goccy/go-yaml"
)

//go:embed openapi.yaml
var openAPIYAML []byte

var (
	jsonOnce sync.Once
	jsonDoc  []byte
	jsonErr  error
)

// OpenAPIYAML returns the OpenAPI document as written.
func OpenAPIYAML() []byte { return openAPIYAML }

// OpenAPIJSON returns the OpenAPI document as JSON, converting it on first
// use; later calls return the same bytes.
func OpenAPIJSON() ([]byte, error) {
	jsonOnce.Do(func() {
		jsonDoc, jsonErr = yaml.YAMLToJSON(openAPIYAML)
		if jsonErr != nil {
			jsonErr = fmt.Errorf("docs: openapi.yaml: %w", jsonErr)
		}
	})
	return jsonDoc, jsonErr
}
