module pcl

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/hashicorp/hcl/v2 v2.25.0
	github.com/mitchellh/go-wordwrap v1.0.1
	github.com/sourcegraph/jsonrpc2 v0.2.0
	github.com/spf13/pflag v1.0.10
	github.com/tliron/glsp v0.2.2
	github.com/zclconf/go-cty v1.19.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/agext/levenshtein v1.2.1 // indirect
	github.com/apparentlymart/go-textseg/v15 v15.0.0 // indirect
	github.com/apparentlymart/go-textseg/v17 v17.0.1 // indirect
	github.com/google/go-cmp v0.6.0 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.31.0 // indirect
)
