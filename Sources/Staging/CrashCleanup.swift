import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a crash leaves: a process that traps or aborts (an allocation that failed, a Swift
/// runtime check) runs no Swift clean-up, so the temporaries `InFlight` holds would stay until
/// the next run that writes into their folder sweeps them. A handler for the crashing signals
/// (SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE) removes them first, then lets the signal
/// end the process as it would have (its default action: the exit status and any core dump are
/// the crash's). Where a crash leaves no handler able to run (SIGKILL, a corrupted stack), the
/// next run's sweep still removes them.
///
/// A handler may only do what is safe in one: the paths are kept as C strings in memory set
/// aside at install time, each slot written whole before it is marked ready and unmarked before
/// it is reused, so the handler never reads half a path; and it removes only names of this
/// process's own temporaries (`.<name>.tmp-<pid>-…`).
public enum CrashCleanup {
    /// Slots for that many temporaries at once (a render has one or two; a batch one per scene
    /// a worker process writes); more are left to the next run's sweep.
    static let slots = 64
    static let slotSize = Int(PATH_MAX) + 1
    /// `slots` × `slotSize` bytes: byte 0 of a slot is 1 when it holds a path (from byte 1).
    nonisolated(unsafe) private static var table: UnsafeMutablePointer<UInt8>?
    /// Guarded by `InFlight`'s lock.
    nonisolated(unsafe) private static var slotOfPath: [String: Int] = [:]
    /// `.tmp-<pid>-`, as C bytes, that every name the handler removes holds.
    nonisolated(unsafe) private static var marker: [CChar] = []

    static let crashSignals: [Int32] = [SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE]

    /// Sets the memory aside and installs the handler; call once, early.
    public static func install() {
        guard table == nil else { return }
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: slots * slotSize)
        memory.initialize(repeating: 0, count: slots * slotSize)
        marker = Array(".tmp-\(getpid())-".utf8CString)
        table = memory
        for signal in crashSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in CrashCleanup.handle(signal) }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND) | UInt32(SA_NODEFER))
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Called by `InFlight.register` under its lock.
    static func add(_ path: String) {
        guard let table, slotOfPath[path] == nil else { return }
        let bytes = Array(path.utf8)
        guard bytes.count < slotSize - 1 else { return }
        for slot in 0..<slots where table[slot * slotSize] == 0 && !slotOfPath.values.contains(slot) {
            let start = table + slot * slotSize
            for (i, byte) in bytes.enumerated() { start[1 + i] = byte }
            start[1 + bytes.count] = 0
            atomicStore(start, 1)
            slotOfPath[path] = slot
            return
        }
    }

    /// Called by `InFlight.unregister` under its lock.
    static func remove(_ path: String) {
        guard let table, let slot = slotOfPath.removeValue(forKey: path) else { return }
        atomicStore(table + slot * slotSize, 0)
    }

    private static func atomicStore(_ flag: UnsafeMutablePointer<UInt8>, _ value: UInt8) {
        // A full barrier on either side: the path's bytes are written before the flag says ready.
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        flag.pointee = value
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    }

    /// The handler: removes every ready path that names a temporary of this process, then
    /// raises the signal again, now with its default action.
    private static func handle(_ signal: Int32) {
        if let table {
            for slot in 0..<slots where table[slot * slotSize] == 1 {
                let path = UnsafeMutableRawPointer(table + slot * slotSize + 1).assumingMemoryBound(to: CChar.self)
                let ours = marker.withUnsafeBufferPointer { strstr(path, $0.baseAddress!) != nil }
                // Other threads may still be writing into a folder: empty it again until it goes.
                if ours { for _ in 0..<20 where access(path, F_OK) == 0 { removeTree(path, depth: 0) } }
            }
        }
        raise(signal)
    }

    /// Removes the file, link or folder at `path` (a folder's contents first, links never
    /// followed), with calls a handler may make but for reading a folder; depth-limited.
    private static func removeTree(_ path: UnsafePointer<CChar>, depth: Int) {
        if unlink(path) == 0 || errno == ENOENT || depth > 8 { return }
        guard let folder = opendir(path) else { return }
        var child = [CChar](repeating: 0, count: slotSize)
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.bindMemory(to: CChar.self).prefix { $0 != 0 }) }
            if name == [46] || name == [46, 46] { continue }
            let length = strlen(path)
            guard length + 1 + name.count < slotSize else { continue }
            child.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                memcpy(base, path, length)
                base[length] = 47 // "/"
                for (i, c) in name.enumerated() { base[length + 1 + i] = c }
                base[length + 1 + name.count] = 0
                removeTree(base, depth: depth + 1)
            }
        }
        closedir(folder)
        rmdir(path)
    }
}
