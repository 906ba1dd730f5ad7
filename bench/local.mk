## bench/local.mk: benchmarks (run by hand; they print figures, never assert).
EXTRA_DIST += bench/sandbox
EXTRA_DIST += bench/client
EXTRA_DIST += bench/console
EXTRA_DIST += bench/fuzz
EXTRA_DIST += bench/stress bench/office
