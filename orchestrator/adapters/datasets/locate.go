package datasets

import (
	"errors"
	"os"
	"path/filepath"
)

// Locate returns the directory of the sandbox dataset name (e.g.
// "travelplanner", "chinatravel"): under $TRIPWEAVE_DATASETS when set,
// otherwise under ../shared/datasets beside the module root found by
// walking up from the working directory to go.mod. It reports an error when
// the directory does not exist.
func Locate(name string) (string, error) {
	base := os.Getenv("TRIPWEAVE_DATASETS")
	if base == "" {
		dir, err := ModuleRoot()
		if err != nil {
			return "", errors.New("datasets: no go.mod above the working directory; set TRIPWEAVE_DATASETS")
		}
		base = filepath.Join(dir, "..", "shared", "datasets")
	}
	dir := filepath.Join(base, name)
	if _, err := os.Stat(dir); err != nil {
		return "", err
	}
	return dir, nil
}
