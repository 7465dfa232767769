#!/usr/bin/env bash
# abrates.sh measures, on this machine, how often a comparison of two
# builds is wrong: the false-positive rate (the same executable on both
# sides: any significant change is false) and the power (the new side a
# fixture slowed by SLOW percent: the share of its slowed operations
# found slower). It does so for separate runs compared afterwards (two
# `host bench` runs of TRIALS trials, then `host compare`) and for an
# interleaved session (`host ab`, ROUNDS rounds).
#
# The fixture is host/internal/hostileplugin in its slowdecaps mode: a
# stand-in KEM whose encapsulation and decapsulation (and the
# invalid-ciphertext decapsulation) hash a chain that
# CRUCIBLE_HOSTILE_SLOWDOWN lengthens by that many percent; key generation
# is untouched. Every operation of a same-code session counts for the
# false positives; the three slowed operations of a slowed session count
# for the power.
#
# A third kind of session compares identical copies: `host ab` with the
# real plugins of COPIES_SUITE (default x25519,amoeba) on one side and
# byte-identical copies of the same executables (cp, so other files and
# other page-cache pages) on the other, COPIES sessions (default REPS).
# Every operation counts for the false positives, and each session's
# median new/old ratio over its operations is printed: a bias tied to
# one copy of an executable shows as a session median away from 1.
#
# Usage: tools/abrates.sh [REPS]   (REPS sessions of each kind, default
# 10; ROUNDS=20 TRIALS=5 SLOW=10 UNIT=min TARGET=200ms COPIES=REPS by
# environment, TARGET being host ab's --trial-target;
# SEPARATE=0 leaves out the separate runs, COPIES=0 the identical copies,
# FIXTURE=0 the fixture's sessions; HOST=path uses a prebuilt host)
set -euo pipefail

reps=${1:-10}
rounds=${ROUNDS:-20}
trials=${TRIALS:-5}
slow=${SLOW:-10}
unit=${UNIT:-min}
target=${TARGET:-200ms}
separate=${SEPARATE:-1}
copies=${COPIES:-$reps}
copiesSuite=${COPIES_SUITE:-x25519,amoeba}
fixture=${FIXTURE:-1}
plugin=hostile-slowdecaps

cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${HOST:-}" ]; then cp "$HOST" "$work/host"; else go build -o "$work/host" ./host; fi
go build -o "$work/hostile" ./host/internal/hostileplugin
# Two plugin directories holding the same executable: OLD and NEW.
for side in old new; do
	mkdir "$work/$side"
	ln -s "$work/hostile" "$work/$side/crucible-plugin-$plugin"
done
# The real plugins, and a directory of byte-identical copies of them.
mkdir "$work/real" "$work/copies"
for p in ${copiesSuite//,/ }; do
	go build -o "$work/real/crucible-plugin-$p" "./plugins/$p"
	cp "$work/real/crucible-plugin-$p" "$work/copies/crucible-plugin-$p"
	cmp -s "$work/real/crucible-plugin-$p" "$work/copies/crucible-plugin-$p"
done
host=$work/host

# verdicts FILE KIND prints "op verdict" per operation of an output, the
# verdict one of ~ slower faster. compare's change column is "~" or a
# signed percentage (its intervals and detectable change carry no sign).
verdicts() {
	case $2 in
	ab) awk -v p="$plugin" '$1 == p { print $3, $NF }' "$1" ;;
	copies) awk 'NR > 1 && NF >= 10 && $4 ~ /^[0-9]+$/ { print $2 "/" $3, $NF }' "$1" ;;
	compare) awk -v p="$plugin" '$1 == p {
		v = "~"
		for (i = 4; i <= NF; i++) if ($i ~ /^[+-][0-9.]+%$/) { v = ($i ~ /^\+/) ? "slower" : "faster"; break }
		print $3, v }' "$1" ;;
	esac
}

# tally KIND SLOWED FILE adds one session's verdicts to the counts.
declare -A tests hits
tally() {
	local kind=$1 slowed=$2 op v
	while read -r op v; do
		if [ "$slowed" = 0 ]; then
			tests[$kind-fp]=$((${tests[$kind-fp]:-0} + 1))
			if [ "$v" != "~" ]; then hits[$kind-fp]=$((${hits[$kind-fp]:-0} + 1)); fi
		elif [ "$op" != keygen ]; then
			tests[$kind-power]=$((${tests[$kind-power]:-0} + 1))
			if [ "$v" = slower ]; then hits[$kind-power]=$((${hits[$kind-power]:-0} + 1)); fi
		fi
	done < <(verdicts "$3" "$kind")
}

bench() { # DIR SIDE [ENV]
	env ${3:-} "$host" bench --no-source --plugin-dir "$work/$2" --suite "$plugin" --trials "$trials" \
		--fresh 0 --no-profile --out "$1" >/dev/null 2>&1
}

ratios=()
for i in $(seq "$copies"); do
	s=$work/c$i
	"$host" ab --rounds "$rounds" --unit "$unit" --trial-target "$target" --suite "$copiesSuite" --out "$s-ab" \
		"$work/real" "$work/copies" >"$s-ab.txt" 2>/dev/null
	tally copies 0 "$s-ab.txt"
	# The session's median new/old ratio over its operations.
	ratios+=("$(awk 'NR > 1 && NF >= 10 && $4 ~ /^[0-9]+$/ { print $5 }' "$s-ab.txt" | sort -g |
		awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.4f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }')")
	rm -rf "$s-ab"
	echo "copies session $i of $copies: flagged ${hits[copies-fp]:-0}/${tests[copies-fp]:-0} so far, median new/old ${ratios[-1]}" >&2
done

[ "$fixture" = 1 ] || reps=0
for i in $(seq "$reps"); do
	for slowed in 0 1; do
		knob=
		if [ "$slowed" = 1 ]; then knob=CRUCIBLE_HOSTILE_SLOWDOWN=$slow; fi
		s=$work/s$i-$slowed
		if [ "$separate" = 1 ]; then
			bench "$s-old" old
			bench "$s-new" new "$knob"
			"$host" compare "$s-old" "$s-new" >"$s-compare.txt"
			tally compare "$slowed" "$s-compare.txt"
		fi
		newenv=()
		if [ -n "$knob" ]; then newenv=(--new-env "$knob"); fi
		"$host" ab --rounds "$rounds" --unit "$unit" --trial-target "$target" --suite "$plugin" "${newenv[@]}" --out "$s-ab" \
			"$work/old" "$work/new" >"$s-ab.txt" 2>/dev/null
		tally ab "$slowed" "$s-ab.txt"
		rm -rf "$s-old" "$s-new" "$s-ab"
	done
	echo "after $i of $reps: compare fp ${hits[compare-fp]:-0}/${tests[compare-fp]:-0} power ${hits[compare-power]:-0}/${tests[compare-power]:-0}; ab fp ${hits[ab-fp]:-0}/${tests[ab-fp]:-0} power ${hits[ab-power]:-0}/${tests[ab-power]:-0}" >&2
done

rate() { awk -v h="${hits[$1]:-0}" -v n="${tests[$1]:-0}" 'BEGIN { if (n == 0) print "n/a"; else printf "%d/%d = %.1f%%", h, n, 100 * h / n }'; }
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| comparison | sides | false positives | power at +$slow% |"
echo "|---|---|---|---|"
if [ "$separate" = 1 ] && [ "$reps" -gt 0 ]; then
	echo "| separate runs (host compare, $trials trials each) | fixture, same file | $(rate compare-fp) | $(rate compare-power) |"
fi
if [ "$reps" -gt 0 ]; then
	echo "| interleaved (host ab, $rounds rounds of $target, unit $unit) | fixture, same file | $(rate ab-fp) | $(rate ab-power) |"
fi
if [ "$copies" -gt 0 ]; then
	echo "| interleaved (host ab, $rounds rounds of $target, unit $unit) | $copiesSuite, identical copies | $(rate copies-fp) | - |"
	echo
	echo "identical copies, each session's median new/old over its operations: ${ratios[*]}"
fi
