package synth

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
)

// TicketCIB is a cluster that depends on tickets: a PromotableCIB (odd
// seeds) or a CloneCIB (even seeds) of the same seed, with one to three
// tickets in the status (granted, revoked, in standby, or not recorded at
// all) and one to four ticket constraints on its resources (tops, group
// members and clone children alike, by id or in resource sets), each with
// a role (none, Started, Promoted or Unpromoted) and a loss-policy (none,
// stop, demote, fence or freeze). Half the seeds enable fencing, with a
// fencing device, so that loss-policy=fence fences instead of falling back
// to stop, and concurrent fencing or not.
func TicketCIB(seed uint64) string {
	src := CloneCIB(seed)
	if seed%2 == 1 {
		src = PromotableCIB(seed)
	}
	rnd := rand.New(rand.NewPCG(seed, 0x71c4e75))
	var ids []string
	for _, m := range resourceID.FindAllStringSubmatch(src, -1) {
		ids = append(ids, m[1])
	}
	if len(ids) == 0 {
		return src
	}
	if rnd.IntN(2) == 0 {
		// concurrent-fencing is set either way: its default is a build
		// option (false upstream, true in Debian's 3.0 packages).
		src = strings.Replace(src, `name="stonith-enabled" value="false"/>`, fmt.Sprintf(`name="stonith-enabled" value="true"/>
        <nvpair id="opt-concurrent-fencing" name="concurrent-fencing" value="%t"/>`, rnd.IntN(2) == 0), 1)
		src = strings.Replace(src, "<resources>", `<resources>
      <primitive id="fencing" class="stonith" type="fence_dummy"/>`, 1)
	}
	tickets := []string{"ticketA", "ticketB", "ticketC"}[:1+rnd.IntN(3)]
	var states []string
	for _, t := range tickets {
		switch rnd.IntN(5) {
		case 0: // not recorded: revoked
		case 1:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="true"/>`, t))
		case 2:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="false" last-granted="1700000000"/>`, t))
		case 3:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="true" standby="true"/>`, t))
		default:
			states = append(states, fmt.Sprintf(`      <ticket_state id="%s" granted="false" standby="true"/>`, t))
		}
	}
	roles := []string{"", "", "Started", "Promoted", "Promoted", "Unpromoted"}
	losses := []string{"", "stop", "demote", "fence", "freeze"}
	var cons []string
	for i, n := 0, 1+rnd.IntN(4); i < n; i++ {
		id := fmt.Sprintf("needs-ticket-%d", i)
		ticket := tickets[rnd.IntN(len(tickets))]
		role, loss := roles[rnd.IntN(len(roles))], losses[rnd.IntN(len(losses))]
		attrs := ""
		if loss != "" {
			attrs += fmt.Sprintf(` loss-policy="%s"`, loss)
		}
		if rnd.IntN(3) > 0 {
			if role != "" {
				attrs += fmt.Sprintf(` rsc-role="%s"`, role)
			}
			cons = append(cons, fmt.Sprintf(`      <rsc_ticket id="%s" rsc="%s" ticket="%s"%s/>`, id, ids[rnd.IntN(len(ids))], ticket, attrs))
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, `      <rsc_ticket id="%s" ticket="%s"%s>`, id, ticket, attrs)
		for s, sets := 0, 1+rnd.IntN(2); s < sets; s++ {
			setRole := roles[rnd.IntN(len(roles))]
			if setRole != "" {
				setRole = fmt.Sprintf(` role="%s"`, setRole)
			}
			fmt.Fprintf(&b, "\n        <resource_set id=\"%s-set%d\"%s>", id, s, setRole)
			picked := map[string]bool{}
			for r, refs := 0, 1+rnd.IntN(2); r < refs; r++ {
				ref := ids[rnd.IntN(len(ids))]
				if !picked[ref] {
					picked[ref] = true
					fmt.Fprintf(&b, "\n          <resource_ref id=\"%s\"/>", ref)
				}
			}
			b.WriteString("\n        </resource_set>")
		}
		b.WriteString("\n      </rsc_ticket>")
		cons = append(cons, b.String())
	}
	src = strings.Replace(src, "</constraints>", strings.Join(cons, "\n")+"\n    </constraints>", 1)
	if len(states) > 0 {
		src = strings.Replace(src, "<status>", "<status>\n    <tickets>\n"+strings.Join(states, "\n")+"\n    </tickets>", 1)
	}
	return src
}

// resourceID finds the id of every resource of a generated CIB.
var resourceID = regexp.MustCompile(`<(?:primitive|group|clone|master) id="([^"]+)"`)
