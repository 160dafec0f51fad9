# Golden cases for the diagnostics (STATISTICS.md §5) and multiplicity (§6) statistics, computed by R.
#
# Regenerate (from the repository root; R >= 4.2, base packages only):
#   Rscript scripts/r/golden-diagnostics.R
# Writes one JSON per case, {"input": {...}, "output": {...}}, to
#   __tests__/golden/diagnostics/<statistic>-<case>.json  (summary, acf, ljungbox, dw, icc, outliers, theilsen, drift)
#   __tests__/golden/multiplicity/<method>-<case>.json    (holm, bh, none)
# and is deterministic (set.seed per case). Read by __tests__/stats/diagnostics.golden.test.ts;
# tolerance 1e-9 relative (ACF values: 1e-12 absolute, since r_k near 0 is a sum of cancelling terms).
# NA is written as null. Edge cases R cannot compute (too few lags, constant series) are defined by
# benchgate, not by R, and are tested in the unit tests instead.

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
source(file.path(here, "json.R"))
root <- normalizePath(file.path(here, "..", ".."))
diag_dir <- file.path(root, "__tests__", "golden", "diagnostics")
mult_dir <- file.path(root, "__tests__", "golden", "multiplicity")
unlink(file.path(diag_dir, "*.json")); unlink(file.path(mult_dir, "*.json"))

num <- function(v) as.numeric(v)

# ---- summary: quantile(type = 7), sd (n - 1), cv, mad (constant 1.4826) ----
summary_case <- function(name, x) {
  q <- quantile(x, c(0.25, 0.75), type = 7, names = FALSE)
  s <- if (length(x) > 1) sd(x) else NA
  write_case(diag_dir, paste0("summary-", name), list(x = as_array(x)), list(
    n = num(length(x)), min = min(x), q1 = q[1], median = median(x), mean = mean(x), q3 = q[2],
    max = max(x), sd = num(s), cv = num(s / mean(x)), mad = mad(x)))
}
set.seed(101); summary_case("lognormal-11", rlnorm(11, log(1000), 0.1))
set.seed(102); summary_case("lognormal-200", rlnorm(200, log(50), 0.3))
summary_case("ties-integer", c(3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3))
summary_case("four", c(1, 2, 3, 4))
summary_case("two", c(10, 11))
summary_case("one", c(42))
summary_case("negative-mean", c(-5, -3, -4, -10, 2))

# ---- acf: acf(x, lag.max, plot = FALSE), lags 1..h ----
acf_case <- function(name, x, h) {
  r <- acf(x, lag.max = h, plot = FALSE)$acf[-1]
  write_case(diag_dir, paste0("acf-", name), list(x = as_array(x), maxLag = h), list(r = as_array(r)))
}
set.seed(201); acf_case("white-noise-50", rnorm(50), 10)
set.seed(202); acf_case("ar1-0.7-100", as.numeric(arima.sim(list(ar = 0.7), 100)), 15)
acf_case("trend-12", c(1:12) + c(0.1, -0.2, 0.3, 0, 0.05, -0.1, 0.2, -0.3, 0.1, 0, 0.15, -0.05), 11)

# ---- Ljung-Box: Box.test(x, lag = h, type = "Ljung-Box"); p from pchisq(lower.tail = FALSE) ----
lb_case <- function(name, x, lags = NULL) {
  h <- if (is.null(lags)) min(10, floor(length(x) / 5)) else lags
  bt <- Box.test(x, lag = h, type = "Ljung-Box")
  input <- list(x = as_array(x))
  if (!is.null(lags)) input$lags <- lags
  write_case(diag_dir, paste0("ljungbox-", name), input, list(
    q = num(bt$statistic), df = num(h), pValue = pchisq(num(bt$statistic), h, lower.tail = FALSE),
    boxTestPValue = bt$p.value, lags = num(h), acf = as_array(acf(x, lag.max = h, plot = FALSE)$acf[-1]),
    band = 1.96 / sqrt(length(x))))
}
set.seed(301); lb_case("white-noise-50", rnorm(50))
set.seed(302); lb_case("ar1-0.6-200", as.numeric(arima.sim(list(ar = 0.6), 200)))
set.seed(303); lb_case("ar1-0.6-400-tiny-p", as.numeric(arima.sim(list(ar = 0.6), 400)))
set.seed(304); lb_case("white-noise-7-h1", rnorm(7))
set.seed(305); lb_case("lognormal-60-lags3", rlnorm(60), lags = 3)
set.seed(306); lb_case("ar1-0.5-1000-lags7", as.numeric(arima.sim(list(ar = 0.5), 1000)), lags = 7)

# ---- Durbin-Watson on e = x - mean(x) ----
dw_case <- function(name, x) {
  e <- x - mean(x); n <- length(x)
  dw <- sum(diff(e)^2) / sum(e^2); v <- 4 * (n - 2) / (n^2 - 1)
  write_case(diag_dir, paste0("dw-", name), list(x = as_array(x)), list(
    dw = dw, expected = 2, variance = v, z = (dw - 2) / sqrt(v)))
}
set.seed(401); dw_case("white-noise-40", rnorm(40, 100, 3))
set.seed(402); dw_case("ar1-0.8-120", as.numeric(arima.sim(list(ar = 0.8), 120)))
dw_case("alternating-10", c(1, -1, 1, -1, 1, -1, 1, -1, 1, -1) + 5)
dw_case("three", c(1, 5, 2))

# ---- ICC: MSB, MSW from anova(lm(y ~ factor(g))); k0; ICC; Kish deff with sum(k^2)/N ----
icc_case <- function(name, groups) {
  y <- unlist(groups); g <- factor(rep(seq_along(groups), lengths(groups)))
  a <- anova(lm(y ~ g)); msb <- a[["Mean Sq"]][1]; msw <- a[["Mean Sq"]][2]
  k <- lengths(groups); N <- sum(k); G <- length(k)
  k0 <- (N - sum(k^2) / N) / (G - 1)
  raw <- (msb - msw) / (msb + (k0 - 1) * msw); icc <- max(0, raw)
  kd <- sum(k^2) / N; deff <- 1 + (kd - 1) * icc
  write_case(diag_dir, paste0("icc-", name), list(groups = lapply(groups, as_array)), list(
    icc = icc, iccRaw = raw, designEffect = deff, nEff = N / deff, msb = msb, msw = msw, k0 = k0,
    kDesign = kd, groups = num(G), n = num(N)))
}
set.seed(501); icc_case("balanced-6x8", lapply(1:6, function(i) rnorm(8, 100 + rnorm(1, 0, 2), 1)))
set.seed(502); icc_case("unbalanced", lapply(c(8, 3, 5, 8, 1, 6, 7), function(k) rnorm(k, 50 + rnorm(1, 0, 1), 1)))
set.seed(503); icc_case("negative-clipped", lapply(1:5, function(i) c(10, 20, 15, 12) + rnorm(4, 0, 0.01) ))
set.seed(504); icc_case("high-icc-24x3", lapply(1:24, function(i) rnorm(3, 1e6 * (1 + rnorm(1, 0, 0.01)), 1e6 * 0.001)))
icc_case("constant-within", list(c(1, 1, 1), c(2, 2), c(4, 4, 4, 4)))

# ---- Tukey fences with quantile(type = 7), strict inequalities ----
out_case <- function(name, x) {
  q <- quantile(x, c(0.25, 0.75), type = 7, names = FALSE); iqr <- q[2] - q[1]
  sev_lo <- x < q[1] - 3 * iqr; sev_hi <- x > q[2] + 3 * iqr
  mil_lo <- !sev_lo & x < q[1] - 1.5 * iqr; mil_hi <- !sev_hi & x > q[2] + 1.5 * iqr
  cls <- function(lo, hi) list(low = num(sum(lo)), high = num(sum(hi)), count = num(sum(lo | hi)),
                               indices = as_array(num(which(lo | hi) - 1)))
  write_case(diag_dir, paste0("outliers-", name), list(values = as_array(x)), list(
    n = num(length(x)), q1 = q[1], q3 = q[2], iqr = iqr, mild = cls(mil_lo, mil_hi), severe = cls(sev_lo, sev_hi)))
}
set.seed(601); out_case("mixed-40", c(rnorm(36, 100, 1), 104.5, 93, 120, 95.2))
out_case("none-10", c(5, 6, 7, 8, 9, 10, 11, 12, 13, 14))
set.seed(602); out_case("lognormal-100", rlnorm(100, 0, 0.8))

# ---- Theil-Sen: median of outer slopes over pairs with distinct x ----
ts_line <- function(x, y) {
  s <- outer(y, y, "-") / outer(x, x, "-"); keep <- upper.tri(s) & outer(x, x, "!=")
  slope <- median(s[keep]); list(slope = slope, intercept = median(y - slope * x), pairs = num(sum(keep)))
}
ts_case <- function(name, x, y) write_case(diag_dir, paste0("theilsen-", name), list(xs = as_array(x), ys = as_array(y)), ts_line(x, y))
set.seed(701); ts_case("linear-noise-30", 1:30, 3 + 0.5 * (1:30) + rnorm(30))
set.seed(702); x <- round(runif(25, 0, 10)); ts_case("tied-x-25", x, 2 - x + rnorm(25, 0, 0.5))
set.seed(703); ts_case("outliers-20", 0:19, c(10 + 0.1 * (0:17) + rnorm(18, 0, 0.05), 100, -50))

# ---- drift: Theil-Sen of run medians vs round 0..R-1, relative to the median ----
drift_case <- function(name, m) {
  l <- ts_line(seq_along(m) - 1, m); R <- length(m)
  rel <- l$slope * (R - 1) / median(m)
  write_case(diag_dir, paste0("drift-", name), list(runMedians = as_array(m)), list(
    slopePerRound = l$slope, intercept = l$intercept, relativeTotal = rel, rounds = num(R), exceeds = abs(rel) > 0.02))
}
set.seed(801); drift_case("flat-24", 1000 * (1 + rnorm(24, 0, 0.003)))
set.seed(802); drift_case("rising-3pct-20", 1000 * (1 + 0.03 * (0:19) / 19 + rnorm(20, 0, 0.002)))
set.seed(803); drift_case("falling-12", 500 * (1 - 0.001 * (0:11) + rnorm(12, 0, 0.001)))

# ---- multiplicity: p.adjust(p, "holm" / "BH" / "none"), NA kept in place ----
mult_case <- function(name, p) {
  for (m in c("holm", "bh", "none")) {
    rm <- if (m == "bh") "BH" else m
    write_case(mult_dir, paste0(m, "-", name), list(p = as_array(p), method = m), list(adjusted = as_array(p.adjust(p, rm))))
  }
}
set.seed(901); mult_case("uniform-50", runif(50))
mult_case("ties", c(0.01, 0.01, 0.03, 0.03, 0.03, 0.2, 0.5, 0.01, 1, 0))
mult_case("with-na", c(0.004, NA, 0.03, 0.02, NA, 0.5, 0.001))
mult_case("single", c(0.03))
mult_case("single-with-na", c(NA, 0.03, NA))
mult_case("all-na", c(NA, NA))
set.seed(902); mult_case("tiny-and-mixed-30", c(10^-runif(10, 5, 300), runif(20)))
