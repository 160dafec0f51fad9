# Golden cases for power.t.test (two-sample, two-sided, strict = FALSE) and the noncentral t CDF.
# Regenerate from the repository root with:   Rscript scripts/r/golden-power.R
# Writes one JSON file per case {"input": {...}, "output": {...}} to
#   __tests__/golden/power/*.json        (read by __tests__/stats/power.test.ts)
#   __tests__/golden/noncentral-t/*.json (read by __tests__/stats/noncentralT.test.ts)
# Generated with R 4.2.2. Roots are solved with tol = 1e-13 (the true root of R's power function);
# "rDefault" is what R prints with its default tol = .Machine$double.eps^0.25 (see power.ts).
source("scripts/r/json.R")
out_power <- "__tests__/golden/power"
out_pnt <- "__tests__/golden/noncentral-t"
unlink(c(out_power, out_pnt), recursive = TRUE)

pcase <- function(name, n = NULL, delta = NULL, sd = 1, sig.level = 0.05, power = NULL) {
  tight <- power.t.test(n = n, delta = delta, sd = sd, sig.level = sig.level, power = power, tol = 1e-13)
  dflt <- power.t.test(n = n, delta = delta, sd = sd, sig.level = sig.level, power = power)
  solve <- if (is.null(n)) "n" else if (is.null(delta)) "delta" else "power"
  input <- list(sd = sd, sigLevel = sig.level)
  if (!is.null(n)) input$n <- n
  if (!is.null(delta)) input$delta <- delta
  if (!is.null(power)) input$power <- power
  write_case(out_power, name, input, list(
    n = tight$n, delta = tight$delta, sd = tight$sd, sigLevel = tight$sig.level, power = tight$power,
    solved = solve, rDefault = dflt[[solve]]))
}
# the reference values of STATISTICS.md section 4
pcase("n-delta1-power080", delta = 1, sd = 1, power = 0.8)
pcase("n-delta005-power080", delta = 0.05, power = 0.8)
pcase("n-delta05-sd2-sig001-power090", delta = 0.5, sd = 2, sig.level = 0.01, power = 0.9)
# benchgate's defaults: delta = ln(1.02), alpha = 0.01, power = 0.95, typical log-scale sds
pcase("n-2pct-sd001-sig001-power095", delta = log(1.02), sd = 0.01, sig.level = 0.01, power = 0.95)
pcase("n-2pct-sd005-sig001-power095", delta = log(1.02), sd = 0.05, sig.level = 0.01, power = 0.95)
pcase("n-2pct-sd02-sig001-power095", delta = log(1.02), sd = 0.2, sig.level = 0.01, power = 0.95)
pcase("n-below-2-delta10", delta = 10, power = 0.8)
pcase("n-below-2-delta100", delta = 100, power = 0.8)
pcase("n-huge-delta1e-4", delta = 1e-4, power = 0.9)
pcase("n-small-sig-1e-6", delta = 1, sig.level = 1e-6, power = 0.99)
pcase("delta-n2-sig0001-power099", n = 2, sig.level = 0.001, power = 0.99)
pcase("delta-n10-power080", n = 10, power = 0.8)
pcase("delta-n30-sd003-sig001-power095", n = 30, sd = 0.03, sig.level = 0.01, power = 0.95)
pcase("delta-n1e4-sd05", n = 1e4, sd = 0.5, power = 0.9)
pcase("delta-n1e6", n = 1e6, power = 0.5)
pcase("power-n16-delta1", n = 16, delta = 1)
pcase("power-n1.5-delta1", n = 1.5, delta = 1)
pcase("power-n2-delta0", n = 2, delta = 0)
pcase("power-n100-delta-neg", n = 100, delta = -0.3, sd = 0.9, sig.level = 0.01)
pcase("power-n3e5-delta001", n = 3e5, delta = 0.01, sig.level = 0.001)
pcase("power-n50-delta5-sd05", n = 50, delta = 5, sd = 0.5)

tcase <- function(name, t, df, ncp) {
  write_case(out_pnt, name, list(t = t, df = df, ncp = ncp),
    list(lower = pt(t, df, ncp), upper = pt(t, df, ncp, lower.tail = FALSE)))
}
tcase("central-df5", 1.5, 5, 0)
tcase("t0", 0, 12, 2)
tcase("small-ncp", 2.1, 30, 0.3)
tcase("power-region-df31", 2.04, 31.4, 2.9)
tcase("power-region-df2", 4.3, 2, 3)
tcase("power-region-df1e3", 2.58, 998, 3.6)
tcase("negative-t", -1.2, 8, 1.5)
tcase("negative-t-large-ncp", -0.5, 20, 41)
tcase("negative-ncp", 1, 10, -2)
tcase("large-ncp-series", 30, 40, 30)
tcase("ncp-above-37.62-normal-approx", 2, 50, 45)
tcase("df-above-4e5-normal-approx", 1.96, 1e6, 2)
tcase("far-upper-tail", 12, 10, 1)
tcase("far-lower-tail", 0.2, 30, 8)
tcase("infinite-t", Inf, 7, 2)
cat("wrote", length(list.files(out_power)), "power and", length(list.files(out_pnt)), "noncentral-t cases\n")
