internal import CMalloc

/// How many heaps (arenas) glibc's malloc keeps for the process's threads.
///
/// A thread that finds the heaps busy gets one of its own, up to eight per core (mallopt(3),
/// `M_ARENA_MAX`), and what a thread frees stays resident in its own heap. A render's workers,
/// its encoder's threads and the scene's loaders all allocate and free, so the memory kept
/// free across many heaps adds up. Measured on two cores with `/usr/bin/time -f "%e %M" segue
/// render`, three runs each of the bench's 100,000-row list and six of `bench/scroll.yaml`:
///
/// | heaps | 100,000-row list, peak | scroll.yaml, fastest |
/// |---|---|---|
/// | glibc's default (8 per core) | 365–378 MB | 2.72 s |
/// | 2 per core | 357–364 MB | 2.75 s |
/// | 1 per core | 354–355 MB | 2.87 s (threads wait for the heap) |
///
/// Two per core keeps most of the memory and nearly all of the speed. Which heap a block comes
/// from does not change its bytes (`DeterministicAllocations` fills them): the videos are the same.
public enum HeapArenas {
    /// Heaps per core.
    public static let perCore = 2

    /// Keeps the heaps to `perCore` per core (two cores counted at least). Call before the process starts threads.
    public static func limit(cores: Int) {
        _ = mallopt(M_ARENA_MAX, Int32(clamping: perCore * max(cores, 2)))
    }
}
