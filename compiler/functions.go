package compiler

import (
	"fmt"
	"math/big"
	"regexp"

	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"

	"pcl/ir"
)

// scoreSumFunc adds scores with Pacemaker's rules, which HCL's + does not
// know: -INFINITY wins over INFINITY, either infinity absorbs finite values,
// finite sums are clamped. inf and -inf (±1000000) are the infinities.
var scoreSumFunc = function.New(&function.Spec{
	Description: "Adds scores the way Pacemaker does.",
	VarParam:    &function.Parameter{Name: "scores", Type: cty.Number},
	Type:        function.StaticReturnType(cty.Number),
	Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
		sum := ir.Score(0)
		for _, a := range args {
			bf := a.AsBigFloat()
			lim := big.NewFloat(float64(ir.Infinity))
			var s ir.Score
			switch {
			case bf.Cmp(lim) >= 0:
				s = ir.Infinity
			case bf.Cmp(new(big.Float).Neg(lim)) <= 0:
				s = -ir.Infinity
			default:
				i, _ := bf.Int64()
				s = ir.Score(i)
			}
			sum = sum.Add(s)
		}
		return cty.NumberIntVal(int64(sum)), nil
	},
})

// maxElements bounds what a function may build, so that a typo such as
// range(1, 10000000000) is an error rather than a hung compiler.
const maxElements = 100000

// limited wraps f with a check of its arguments run before f.
func limited(f function.Function, check func(args []cty.Value) error) function.Function {
	spec := &function.Spec{
		Description: f.Description(),
		Params:      f.Params(),
		VarParam:    f.VarParam(),
		Type: func(args []cty.Value) (cty.Type, error) {
			return f.ReturnTypeForValues(args)
		},
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			for _, a := range args {
				if !a.IsWhollyKnown() {
					return f.Call(args)
				}
			}
			if err := check(args); err != nil {
				return cty.NilVal, err
			}
			return f.Call(args)
		},
	}
	return function.New(spec)
}

var setProductFunc = limited(stdlib.SetProductFunc, func(args []cty.Value) error {
	n := 1.0
	for _, a := range args {
		if a.IsNull() || !a.CanIterateElements() {
			return nil
		}
		n *= float64(a.LengthInt())
	}
	if n > maxElements {
		return fmt.Errorf("setproduct would make more than %d elements", maxElements)
	}
	return nil
})

// widthRE finds field widths and precisions in a format string.
var widthRE = regexp.MustCompile(`%[-+# 0]*(\d*)(?:\.(\d+))?`)

func formatCheck(args []cty.Value) error {
	if len(args) == 0 || args[0].IsNull() || args[0].Type() != cty.String {
		return nil
	}
	for _, m := range widthRE.FindAllStringSubmatch(args[0].AsString(), -1) {
		for _, n := range m[1:] {
			if len(n) > 5 {
				return fmt.Errorf("format width %s is too large", n)
			}
		}
	}
	return nil
}

var (
	formatFunc     = limited(stdlib.FormatFunc, formatCheck)
	formatListFunc = limited(stdlib.FormatListFunc, formatCheck)
)
