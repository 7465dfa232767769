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
# Usage: tools/abrates.sh [REPS]   (REPS sessions of each of the four
# kinds, default 10; ROUNDS=20 TRIALS=5 SLOW=10 UNIT=min by environment;
# SEPARATE=0 measures host ab alone)
set -euo pipefail

reps=${1:-10}
rounds=${ROUNDS:-20}
trials=${TRIALS:-5}
slow=${SLOW:-10}
unit=${UNIT:-min}
separate=${SEPARATE:-1}
plugin=hostile-slowdecaps

cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/host" ./host
go build -o "$work/hostile" ./host/internal/hostileplugin
# Two plugin directories holding the same executable: OLD and NEW.
for side in old new; do
	mkdir "$work/$side"
	ln -s "$work/hostile" "$work/$side/crucible-plugin-$plugin"
done
host=$work/host

# verdicts FILE KIND prints "op verdict" per operation of an output, the
# verdict one of ~ slower faster. compare's change column is "~" or a
# signed percentage (its intervals and detectable change carry no sign).
verdicts() {
	case $2 in
	ab) awk -v p="$plugin" '$1 == p { print $3, $NF }' "$1" ;;
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
		"$host" ab --rounds "$rounds" --unit "$unit" --suite "$plugin" "${newenv[@]}" --out "$s-ab" \
			"$work/old" "$work/new" >"$s-ab.txt" 2>/dev/null
		tally ab "$slowed" "$s-ab.txt"
		rm -rf "$s-old" "$s-new" "$s-ab"
	done
	echo "after $i of $reps: compare fp ${hits[compare-fp]:-0}/${tests[compare-fp]:-0} power ${hits[compare-power]:-0}/${tests[compare-power]:-0}; ab fp ${hits[ab-fp]:-0}/${tests[ab-fp]:-0} power ${hits[ab-power]:-0}/${tests[ab-power]:-0}" >&2
done

rate() { awk -v h="${hits[$1]:-0}" -v n="${tests[$1]:-0}" 'BEGIN { if (n == 0) print "n/a"; else printf "%d/%d = %.1f%%", h, n, 100 * h / n }'; }
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$separate" = 1 ]; then
	echo "separate runs (host compare, $trials trials each): false positives $(rate compare-fp), power at +$slow% $(rate compare-power)"
fi
echo "interleaved (host ab, $rounds rounds, unit $unit): false positives $(rate ab-fp), power at +$slow% $(rate ab-power)"
