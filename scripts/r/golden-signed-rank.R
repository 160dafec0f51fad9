# Golden cases for the paired analysis (STATISTICS.md §13): the Wilcoxon signed-rank test, the
# Hodges-Lehmann estimate (median of the Walsh averages) and its CI, computed by R.
#
# Regenerate (from the repository root; R >= 4.2, base packages only):
#   Rscript scripts/r/golden-signed-rank.R
# Writes one JSON per case, {"input": {...}, "output": {...}}, to __tests__/golden/signed-rank/<case>.json:
#   input:  d (the differences x - y, e.g. log-ratios), and exact / correct / confLevel when not R's default
#   output: wilcox.test(d, conf.int = TRUE, ...)'s V, p-value, exact/normal, (pseudo)median, CI and its
#           conf.level attribute, and the tol.root R was run with (1e-10 x max|d|).
# Deterministic (set.seed per case). Read by __tests__/stats/signedRank.test.ts, whose tolerances are
# those of STATISTICS.md §8: V and method identical; p-value 1e-9 relative; exact CI and estimate
# identical; asymptotic CI within R's root tolerance; asymptotic estimate on the same flat stretch of
# W(d) = 0 as R's (no Walsh average strictly between them). Where R returns NaN (all differences zero,
# or all non-zero differences tied) the JSON holds null and the test checks benchgate's documented
# finite answer instead. Inputs are written with 17 significant digits, so they round-trip exactly.

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
source(file.path(here, "json.R"))
root <- normalizePath(file.path(here, "..", ".."))
sr_dir <- file.path(root, "__tests__", "golden", "signed-rank")
unlink(file.path(sr_dir, "*.json"))

sr_case <- function(name, d, conf.level = 0.95, exact = NULL, correct = NULL) {
  tol <- 1e-10 * max(abs(d), 1e-300)
  w <- suppressWarnings(wilcox.test(d, conf.int = TRUE, conf.level = conf.level, exact = exact,
                                    correct = if (is.null(correct)) TRUE else correct, tol.root = tol))
  input <- list(d = as_array(d))
  if (!is.null(exact)) input$exact <- exact
  if (!is.null(correct)) input$correct <- correct
  if (conf.level != 0.95) input$confLevel <- conf.level
  write_case(sr_dir, name, input, list(
    v = as.numeric(w$statistic), pValue = w$p.value,
    method = if (grepl("exact", w$method)) "exact" else "normal",
    estimate = as.numeric(w$estimate), ci = as_array(as.numeric(w$conf.int)),
    confLevel = attr(w$conf.int, "conf.level"), tol_root = tol))
}

# ?wilcox.test's depression example (Hollander & Wolfe 1973, p. 29): paired, exact, V = 40
x <- c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30)
y <- c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29)
sr_case("exact-depression-hollander-wolfe", x - y)

# every n from 1 to 60 on continuous data: exact up to 49, normal from 50 (R's rule)
for (n in 1:60) {
  set.seed(300 + n)
  sr_case(sprintf("size-%02d-%s", n, if (n < 50) "exact" else "normal"), rnorm(n, 0.3))
}

# log-ratios ln(head/base) of lognormal run values, as benchgate feeds them (base and head share a
# per-round factor: the pairing)
lr_case <- function(name, n, shift, seed, conf.level = 0.95) {
  set.seed(seed)
  round_speed <- rlnorm(n, 0, 0.15)
  base <- 0.2 * round_speed * rlnorm(n, 0, 0.03)
  head <- 0.2 * exp(shift) * round_speed * rlnorm(n, 0, 0.03)
  sr_case(name, log(head / base), conf.level = conf.level)
}
lr_case("lognormal-log-ratio-8-slower", 8, 0.05, 401)
lr_case("lognormal-log-ratio-14-equal", 14, 0, 402, conf.level = 0.99)
lr_case("lognormal-log-ratio-30-faster", 30, -0.02, 403)
lr_case("lognormal-log-ratio-49-equal", 49, 0, 404, conf.level = 0.999)
lr_case("lognormal-log-ratio-80-slower", 80, 0.01, 405)
lr_case("lognormal-log-ratio-200-equal", 200, 0, 406)

# large n, normal approximation
set.seed(410); sr_case("normal-200", rnorm(200, 0.1))
set.seed(411); sr_case("normal-200-all-positive", rlnorm(200))   # z ~ 12: p ~ 1e-35
set.seed(412); sr_case("normal-500-heavy-tails", rt(500, 2) * 1e-3 + 2e-4, conf.level = 0.9)
set.seed(413); sr_case("normal-120-uncorrected", rnorm(120, -0.1), correct = FALSE)

# exact at the edges
sr_case("exact-all-positive-20", (1:20) / 7)                   # p = 2 / 2^20
sr_case("exact-alternating-12", (1:12) * rep(c(-1, 1), 6))
set.seed(420); sr_case("exact-level-unreachable-5", rnorm(5, 1), conf.level = 0.99)   # R lowers the level
set.seed(421); sr_case("exact-level-80-25", rnorm(25), conf.level = 0.8)
set.seed(422); sr_case("exact-forced-true-60", rnorm(60, 0.2), exact = TRUE)
set.seed(423); sr_case("exact-forced-false-20", rnorm(20, 0.4), exact = FALSE)
set.seed(424); sr_case("exact-forced-false-uncorrected-20", rnorm(20, 0.4), exact = FALSE, correct = FALSE)

# ties and zeros: normal approximation with tie correction, zeros dropped
sr_case("ties-zero-small", c(1, 2, 2, 3, -1, 4, 5, 0, 6), conf.level = 0.99)
set.seed(430); sr_case("ties-integer-30", sample(-3:6, 30, TRUE))
set.seed(431); sr_case("ties-integer-12-level-90", sample(-4:5, 12, TRUE), conf.level = 0.9)
set.seed(432); sr_case("ties-no-zeros-15", sample(c(-2, -1, 1, 2, 3), 15, TRUE))
set.seed(433); sr_case("ties-integer-uncorrected-40", sample(-5:8, 40, TRUE), correct = FALSE)
set.seed(434); sr_case("ties-integer-200", sample(-10:12, 200, TRUE))
set.seed(435); sr_case("zeros-one-in-10", c(0, rnorm(9, 0.5)))
set.seed(436); sr_case("zeros-half-of-40", c(rep(0, 20), rnorm(20, 0.1)))
sr_case("ties-symmetric-4", c(-1, -1, 1, 1))
sr_case("ties-level-unreachable-6", c(1, 2, 2, 3, 3, 3), conf.level = 0.99)
sr_case("ties-rounded-log-ratios", round(c(0.012, -0.004, 0.008, 0.011, 0.003, 0.007, -0.002, 0.009, 0.004, 0.006), 2))

# degenerate (R: NaN somewhere)
sr_case("single-value", 0.3)
sr_case("single-value-normal", 0.3, exact = FALSE)
sr_case("two-values-opposite-normal", c(-0.2, 0.3), exact = FALSE)
sr_case("all-tied-3", c(0.3, 0.3, 0.3))
sr_case("all-tied-with-zeros", c(0, 0, 0.3, 0.3))
sr_case("one-nonzero", c(0, 0.3))
sr_case("all-zero", c(0, 0, 0))
