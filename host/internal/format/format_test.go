package format

import (
	"math"
	"testing"

	"crucible.dev/host/internal/stats"
)

func TestFigures(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Duration(0), "-"},
		{Duration(math.NaN()), "-"},
		{Duration(5), "5.00 ns"},
		{Duration(999), "999 ns"},
		{Duration(34_812), "34.8 µs"},
		{Duration(1_250_000), "1.25 ms"},
		{Duration(2.5e9), "2.50 s"},
		{Count(0), "-"},
		{Count(999.6), "1,000"},
		{Count(1234567), "1,234,567"},
		{Float(math.NaN(), 2), "-"},
		{Float(1.005, 1), "1.0"},
		{Percent(0.8), "80.0%"},
		{Interval(stats.Interval{N: 1, Lo: 1, Hi: 2}), "-"},
		{Interval(stats.Interval{N: 5, Lo: 1000, Hi: 2000, Level: 0.9375}), "1.00 µs – 2.00 µs (93.75%)"},
		{Clip("short", 5), "short"},
		{Clip("µs-long", 4), "µs-…"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
