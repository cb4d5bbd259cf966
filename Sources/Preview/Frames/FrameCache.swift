/// The most recently used frames' PNGs, up to a count.
struct FrameCache: Sendable {
    /// Ten seconds at 24 fps, four at 60: a few megabytes of PNG at @1x.
    static let defaultCapacity = 240
    let capacity: Int
    private var entries: [Int: [UInt8]] = [:]
    private var order: [Int] = []

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(frame: Int) -> [UInt8]? {
        get { entries[frame] }
        set {
            order.removeAll { $0 == frame }
            guard let newValue else {
                entries[frame] = nil
                return
            }
            entries[frame] = newValue
            order.append(frame)
            while order.count > capacity { entries[order.removeFirst()] = nil }
        }
    }

    mutating func removeAll() {
        entries.removeAll()
        order.removeAll()
    }
}
