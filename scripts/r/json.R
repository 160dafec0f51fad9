# Minimal JSON writer for golden files (r-base-core ships no jsonlite).
# Numbers are written with 17 significant digits so they round-trip exactly to IEEE doubles.
to_json <- function(v) {
  if (is.null(v)) return("null")
  if (is.list(v)) {
    nms <- names(v)
    parts <- vapply(seq_along(v), function(i) to_json(v[[i]]), "")
    if (is.null(nms)) return(paste0("[", paste(parts, collapse = ","), "]"))
    return(paste0("{", paste0("\"", nms, "\":", parts, collapse = ","), "}"))
  }
  enc <- function(x) {
    if (is.character(x)) return(paste0("\"", gsub("\"", "\\\\\"", x), "\""))
    if (is.logical(x)) return(ifelse(is.na(x), "null", ifelse(x, "true", "false")))
    ifelse(is.na(x), "null", ifelse(is.infinite(x), ifelse(x > 0, "1e999", "-1e999"), sprintf("%.17g", x)))
  }
  if (length(v) == 1 && is.null(attr(v, "array"))) return(enc(v))
  paste0("[", paste(enc(v), collapse = ","), "]")
}
# Wrap a vector so that length-1 vectors are still written as arrays.
as_array <- function(x) structure(x, array = TRUE)
write_case <- function(dir, name, input, output) {
  dir.create(dir, recursive = TRUE, showWarnings = FALSE)
  writeLines(to_json(list(input = input, output = output)), file.path(dir, paste0(name, ".json")))
}
