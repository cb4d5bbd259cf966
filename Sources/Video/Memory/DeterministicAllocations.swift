internal import CFFmpeg

/// Makes the heap hand out memory with the same bytes in every run, once per process, before the
/// first encoder or converter allocates (see `segue_make_allocations_deterministic` in the shim).
enum DeterministicAllocations {
    private static let applied: Bool = {
        segue_make_allocations_deterministic()
        return true
    }()

    static func ensure() {
        _ = applied
    }
}
