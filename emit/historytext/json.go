package historytext

import (
	"encoding/json"

	"pcl/history"
)

// JSON writes the report as one JSON document, indented, with a final
// newline.
func JSON(r *history.Report) ([]byte, error) {
	out, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}
