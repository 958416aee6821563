package transition

// A clone's pseudo-action is ordered with an action of each of its
// instances, each on its own node, and each of those orderings asks for the
// clone's view of its action on the instance's node (flagsForOrdering): the
// instances' actions of the task on that node summed up. Summing them up
// node by node walks every instance for every node (instances × nodes per
// clone, again each time an instance's action changes). When the instances
// are primitives, whose views are their actions' own flags, one walk over
// their actions gives the view on every node at once: allNodeFlags.

// nodeSum is what allNodeFlags gathers on one node: the last instance to
// have an action there (1 + its index, so that 0 is none), and whether
// some instance's action there is required, or runnable.
type nodeSum struct {
	instance int32
	required bool
	runnable bool
}

// allNodeFlags stores into m the clone's view of its action a on every
// node up to node (and every node an instance has an action of the task
// on), exactly as summaryFlags computes each, without its side effect (the
// caller's). It reports false, storing nothing, unless every instance is a
// primitive.
func (s *scheduler) allNodeFlags(a *Action, node int, m *flagMemo) bool {
	list := s.children(a.Rsc)
	if len(list) == 0 {
		return false
	}
	for _, c := range list {
		if len(c.Children) > 0 {
			return false
		}
		if _, ok := s.variantOf(c).(primitive); !ok {
			return false
		}
	}
	task := s.cloneChildTask(a, list[0])
	sums := s.nodeSums[:0]
	grow := func(n int) {
		for len(sums) <= n {
			sums = append(sums, nodeSum{})
		}
	}
	grow(node)
	for i, c := range list {
		// findFirstAction's choice on each node: the instance's last
		// action of the task there.
		actions := s.of(c).withTask(task)
		for j := len(actions) - 1; j >= 0; j-- {
			ca := actions[j]
			if ca.Node == NoNode {
				continue
			}
			grow(ca.Node)
			sum := &sums[ca.Node]
			if sum.instance == int32(i+1) {
				continue
			}
			sum.instance = int32(i + 1)
			if ca.Flags&Optional == 0 {
				sum.required = true
			}
			if ca.Flags&Runnable != 0 {
				sum.runnable = true
			}
		}
	}
	for n := range sums {
		flags := Optional | Runnable | Pseudo
		if sums[n].required {
			flags &^= Optional
		}
		if !sums[n].runnable {
			flags &^= Runnable
		}
		m.store(n, flags)
		sums[n] = nodeSum{}
	}
	s.nodeSums = sums
	return true
}
