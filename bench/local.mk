## bench/local.mk: benchmarks (run by hand; they print figures).
