internal import CMalloc

/// How many heaps (arenas) glibc's malloc keeps for the process's threads.
///
/// A thread that finds the heaps busy gets one of its own, up to eight per core (mallopt(3),
/// `M_ARENA_MAX`), and what a thread frees stays resident in its own heap. A render's workers,
/// its encoder's threads and the scene's loaders all allocate and free, so the memory kept
/// free across many heaps adds up: measured with `/usr/bin/time -f %M segue render` of the
/// bench's 100,000-row list on two cores, four runs peaked at 376–421 MB with glibc's default
/// and at 376–381 MB with one heap per core, at the same speed (7.3–8.1 s either way). Which
/// heap a block comes from does not change its bytes (`DeterministicAllocations` fills them).
public enum HeapArenas {
    /// Keeps the heaps to one per core (two at least). Call before the process starts threads.
    public static func limitToCores(_ cores: Int) {
        _ = mallopt(M_ARENA_MAX, Int32(clamping: max(cores, 2)))
    }
}
