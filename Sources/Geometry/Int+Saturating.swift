extension Int {
    /// `value` rounded toward zero and clamped to what an `Int` holds, with nan as 0: a conversion
    /// that cannot trap, for the places a computed `Double` becomes a pixel or frame index.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
