# Golden cases for the rank tests (STATISTICS.md §1 and §2), computed by R.
#
# Regenerate (from the repository root; R >= 4.2, base packages only):
#   Rscript scripts/r/golden-rank-tests.R
# Writes one JSON per case, {"input": {...}, "output": {...}}, to
#   __tests__/golden/mann-whitney/<case>.json    wilcox.test(x, y)$p.value and W
#   __tests__/golden/hodges-lehmann/<case>.json  shift (and ratio) estimate and CI
# and is deterministic (set.seed per case). Read by __tests__/stats/mannWhitney.test.ts and
# __tests__/stats/hodgesLehmann.test.ts. Tolerances are stated in those tests:
# - Mann-Whitney: W identical; p-value 1e-9 relative (1e-300 absolute); method identical.
# - Hodges-Lehmann shift: estimate = median(outer(x, y, "-")) identical; exact CI identical to R's;
#   asymptotic CI identical to the order statistics D_(k_lo), D_(k_hi) of STATISTICS.md §2 (written as
#   "ci"), and within R's tol.root of R's uniroot interval (written as "r_ci", with "tol_root").
# - Hodges-Lehmann ratio: estimate exp(median(outer(log x, log y, "-"))) and CI exp(wilcox CI of the
#   logs) to 1e-12 relative (R's log and JavaScript's Math.log may differ in the last bit).
# Inputs are written with 17 significant digits, so they round-trip exactly.

args <- commandArgs(trailingOnly = FALSE)
here <- dirname(normalizePath(sub("^--file=", "", args[grep("^--file=", args)])))
source(file.path(here, "json.R"))
root <- normalizePath(file.path(here, "..", ".."))
mw_dir <- file.path(root, "__tests__", "golden", "mann-whitney")
hl_dir <- file.path(root, "__tests__", "golden", "hodges-lehmann")
unlink(file.path(mw_dir, "*.json")); unlink(file.path(hl_dir, "*.json"))

options_input <- function(input, exact, correct, conf.level = NULL) {
  if (!is.null(exact)) input$exact <- exact
  if (!is.null(correct)) input$correct <- correct
  if (!is.null(conf.level)) input$confLevel <- conf.level
  input
}

# ---- Mann-Whitney: wilcox.test(x, y, exact, correct) ----
mw_case <- function(name, x, y, exact = NULL, correct = NULL) {
  w <- suppressWarnings(wilcox.test(x, y, exact = exact, correct = if (is.null(correct)) TRUE else correct))
  input <- options_input(list(x = as_array(x), y = as_array(y)), exact, correct)
  write_case(mw_dir, name, input, list(
    u = as.numeric(w$statistic), pValue = w$p.value,
    method = if (grepl("exact", w$method)) "exact" else "normal"))
}

# the example in ?wilcox.test (Hollander & Wolfe 1973, p. 69): exact, no ties
mw_case("exact-hollander-wolfe", c(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46),
        c(1.15, 0.88, 0.90, 0.74, 1.21))
mw_case("exact-one-each", 2, 1)
mw_case("exact-one-vs-ten", 5.5, c(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
set.seed(201); mw_case("exact-normal-20x30", rnorm(20, 0.5), rnorm(30))
set.seed(202); mw_case("exact-lognormal-49x49", rlnorm(49, 5, 0.2), 1 + rlnorm(49, 5, 0.2))
mw_case("exact-separated-49x49", 100 + (1:49) / 7, (1:49) / 7)          # p = 2/choose(98, 49)
mw_case("exact-separated-3x40", c(-3, -2, -1), (1:40) / 3)
set.seed(203); mw_case("exact-forced-false", rnorm(12), rnorm(15, 1), exact = FALSE)
set.seed(204); mw_case("exact-forced-false-uncorrected", rnorm(12), rnorm(15, 1), exact = FALSE, correct = FALSE)
set.seed(205); mw_case("ties-integer-30x40", sample(1:8, 30, TRUE), sample(2:9, 40, TRUE))
set.seed(206); mw_case("ties-integer-small", sample(1:4, 6, TRUE), sample(1:4, 7, TRUE))
set.seed(207); mw_case("ties-uncorrected", sample(1:20, 45, TRUE), sample(3:22, 44, TRUE), correct = FALSE)
set.seed(208); mw_case("normal-lognormal-200x150", rlnorm(200, 5, 0.2), 2 + rlnorm(150, 5, 0.2))
set.seed(209); mw_case("normal-unequal-5x300", rnorm(5, 1), rnorm(300))
set.seed(210); mw_case("normal-identical-distributions-500", rnorm(500), rnorm(500))
mw_case("normal-separated-600", 1e4 + (1:600) / 3, (1:600) / 3)         # z ≈ 30: p ≈ 1e-197
set.seed(211); mw_case("exact-forced-true-60x55", rnorm(60), rnorm(55, 0.3), exact = TRUE)

# ---- Hodges-Lehmann: median(outer), exact / asymptotic CI ----
# k_lo, k_hi of STATISTICS.md §2 (asymptotic CI), with within-sample ties
asym_k <- function(x, y, conf.level, correct) {
  m <- length(x); n <- length(y); N <- m + n
  tx <- table(x); ty <- table(y)
  ties <- sum(tx^3 - tx) + sum(ty^3 - ty)
  sigma <- sqrt((m * n / 12) * ((N + 1) - ties / (N * (N - 1))))
  z <- qnorm((1 - conf.level) / 2, lower.tail = FALSE)
  cc <- if (correct) 0.5 else 0
  clip <- function(k) min(m * n, max(1, k))
  c(clip(floor(m * n / 2 - cc - z * sigma) + 1), clip(floor(m * n / 2 + cc + z * sigma) + 1))
}

hl_case <- function(name, x, y, conf.level = 0.95, exact = NULL, correct = NULL, ratio = FALSE) {
  cor <- if (is.null(correct)) TRUE else correct
  a <- if (ratio) log(x) else x
  b <- if (ratio) log(y) else y
  scale <- max(abs(c(a, b)))
  tol <- 1e-10 * scale
  w <- suppressWarnings(wilcox.test(a, b, conf.int = TRUE, conf.level = conf.level, exact = exact,
                                    correct = cor, tol.root = tol))
  d <- sort(outer(a, b, "-"))
  is_exact <- grepl("exact", w$method)
  ci <- if (is_exact) as.numeric(w$conf.int) else {
    k <- asym_k(a, b, conf.level, cor)
    d[k]
  }
  back <- if (ratio) exp else identity
  input <- options_input(list(x = as_array(x), y = as_array(y)), exact, correct, conf.level)
  input$ratio <- ratio
  write_case(hl_dir, name, input, list(
    estimate = back(median(d)), ci = as_array(back(ci)),
    method = if (is_exact) "exact" else "normal",
    confLevel = attr(w$conf.int, "conf.level"),
    r_ci = as_array(back(as.numeric(w$conf.int))), r_estimate = back(as.numeric(w$estimate)),
    tol_root = tol))
}

hl_case("exact-hollander-wolfe", c(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46),
        c(1.15, 0.88, 0.90, 0.74, 1.21))
set.seed(301); hl_case("exact-normal-20x30-99", rnorm(20, 0.5), rnorm(30), conf.level = 0.99)
set.seed(302); hl_case("exact-lognormal-49x49", 4000 + rlnorm(49, 5, 0.2), 4001 + rlnorm(49, 5, 0.2))
set.seed(303); hl_case("exact-unequal-3x41", rnorm(3, 2), rnorm(41))
set.seed(304); hl_case("exact-conf-80", rnorm(15), rnorm(17, 0.2), conf.level = 0.8)
hl_case("exact-one-each", 3.5, 1.25)                                   # level not achievable: 0
hl_case("exact-two-each", c(1, 2.5), c(0.5, 4))                        # level not achievable: 2/3
set.seed(305); hl_case("exact-odd-product-7x9", rnorm(7), rnorm(9, -1))
set.seed(306); hl_case("ties-integer-30x40", sample(1:8, 30, TRUE), sample(2:9, 40, TRUE))
set.seed(307); hl_case("ties-tenths-25x25", round(rnorm(25, 10), 1), round(rnorm(25, 10.3), 1))
set.seed(308); hl_case("normal-lognormal-120x90", 1000 + rlnorm(120, 5, 0.2), 1003 + rlnorm(90, 5, 0.2))
set.seed(309); hl_case("normal-unequal-6x400", rnorm(6, 1), rnorm(400))
set.seed(310); hl_case("normal-uncorrected-70x60", rnorm(70, 0.2), rnorm(60), correct = FALSE)
set.seed(311); hl_case("normal-forced-small", rnorm(10), rnorm(12, 1), exact = FALSE)
set.seed(312); hl_case("normal-conf-99-mixture", 2000 * c(rlnorm(70, 0, 0.2), 1 + rlnorm(20, 0, 0.2), 3 + rlnorm(10, 0, 0.2)),
                       2050 + 2000 * c(rlnorm(70, 0, 0.2), 1 + rlnorm(20, 0, 0.2), 3 + rlnorm(10, 0, 0.2)), conf.level = 0.99)
set.seed(313); hl_case("ratio-exact-lognormal-25x30", rlnorm(25, log(1000), 0.05), rlnorm(30, log(980), 0.05), ratio = TRUE)
set.seed(314); hl_case("ratio-normal-lognormal-150x100", rlnorm(150, log(1000), 0.1), rlnorm(100, log(1100), 0.1), ratio = TRUE)
set.seed(315); hl_case("ratio-ties-integer-ns", sample(100:110, 40, TRUE), sample(103:113, 35, TRUE), ratio = TRUE)
