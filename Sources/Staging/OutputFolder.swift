import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder an output goes into, created if missing, and removed again unless something was
/// written into it: a failed command leaves no folder that was not there before.
///
/// The folders this creates stay the process's (`InFlight`) until `keep()`: `discard()` — and a
/// SIGINT or SIGTERM — removes those no other output of the process still uses, deepest first,
/// each only while it is empty, so a file someone else put there is never lost.
///
/// Unchecked Sendable: its one mutable value, `isSettled`, is read and written only inside
/// `InFlight.critical`, under the process-wide staging lock.
public final class OutputFolder: @unchecked Sendable {
    /// The folder itself.
    public let url: URL
    /// The folders this created or shares with another output of this process not yet kept,
    /// outermost first.
    private let held: [String]
    private var isSettled = false

    /// Makes sure the folder of `file` exists, creating what is missing.
    public convenience init(for file: URL) throws {
        try self.init(folder: file.deletingLastPathComponent())
    }

    /// Makes sure `folder` exists, creating what is missing.
    public init(folder: URL) throws {
        url = folder.standardizedFileURL
        held = try InFlight.holdFolders(url.path)
    }

    /// The output is in place: the folders stay.
    public func keep() {
        InFlight.critical {
            guard !isSettled else { return }
            isSettled = true
            InFlight.keepFolders(held)
        }
    }

    /// The output failed: removes the folders this process created for it, unless another of its
    /// outputs still uses them or they are not empty. Call it after the output's own temporary is gone.
    public func discard() {
        InFlight.critical {
            guard !isSettled else { return }
            isSettled = true
            InFlight.releaseFolders(held)
        }
    }

    deinit {
        discard()
    }
}

extension InFlight {
    /// The folders this process created for outputs not yet kept, and how many outputs use each.
    nonisolated(unsafe) private static var createdFolders: [String: Int] = [:]

    /// Creates the missing folders down to `path` and returns those that are this process's
    /// (created now or by an output not yet kept), each counted as used once more.
    static func holdFolders(_ path: String) throws -> [String] {
        try critical {
            var held: [String] = []
            var current = ""
            for component in path.split(separator: "/") {
                current += "/" + component
                if let users = createdFolders[current] {
                    createdFolders[current] = users + 1
                    held.append(current)
                    continue
                }
                var info = stat()
                if stat(current, &info) == 0 {
                    guard info.st_mode & S_IFMT == S_IFDIR else {
                        releaseFolders(held)
                        throw StagingError(path: current, operation: "creating the folder", message: "a file already has that name")
                    }
                    continue
                }
                if mkdir(current, 0o777) == 0 {
                    createdFolders[current] = 1
                    held.append(current)
                } else if errno != EEXIST {
                    let message = String(cString: strerror(errno))
                    releaseFolders(held)
                    throw StagingError(path: current, operation: "creating the folder", message: message)
                }
            }
            return held
        }
    }

    /// An output in `held` is in place: its folders are no longer this process's to remove.
    static func keepFolders(_ held: [String]) {
        critical {
            for folder in held { createdFolders[folder] = nil }
        }
    }

    /// An output in `held` failed: removes the folders no other output uses, deepest first.
    static func releaseFolders(_ held: [String]) {
        critical {
            for folder in held.reversed() {
                guard let users = createdFolders[folder] else { continue }
                if users > 1 {
                    createdFolders[folder] = users - 1
                } else {
                    createdFolders[folder] = nil
                    rmdir(folder)
                }
            }
        }
    }

    /// Removes every folder this process created and did not keep, deepest first (after the
    /// temporaries in them are gone); those that are not empty stay.
    static func removeCreatedFolders() {
        critical {
            for folder in createdFolders.keys.sorted(by: { $0.count > $1.count }) { rmdir(folder) }
            createdFolders.removeAll()
        }
    }
}
