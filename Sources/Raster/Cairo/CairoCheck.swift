internal import CCairo

/// Cairo's largest image side, in pixels.
let cairoMaximumSide = 32767

/// Turns a failed Cairo status into `RasterError.cairo`; the one place Cairo errors are translated.
func checkCairo(_ status: cairo_status_t, _ operation: String) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    let reason = cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    throw RasterError.cairo(operation: operation, status: reason)
}
