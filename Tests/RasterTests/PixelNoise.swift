/// Pseudo-random premultiplied ARGB32 pixels (`0xAARRGGBB`, channels at most alpha, every fourth
/// one opaque) from a fixed seed, by Knuth's MMIX linear congruential generator: the same
/// pictures on every machine, for tests that compare two ways of filtering or compositing.
func premultipliedNoise(count: Int, seed: UInt64) -> [UInt32] {
    var generator = MMIXGenerator(seed: seed)
    func next() -> UInt32 { UInt32(truncatingIfNeeded: generator.next() >> 33) }
    return (0..<count).map { _ in
        let a = next() % 4 == 0 ? 255 : next() % 256
        let r = next() % (a + 1), g = next() % (a + 1), b = next() % (a + 1)
        return a << 24 | r << 16 | g << 8 | b
    }
}

/// Knuth's MMIX linear congruential generator: the same numbers from a seed on every machine.
struct MMIXGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state
    }
}
