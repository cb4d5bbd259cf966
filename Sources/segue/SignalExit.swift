import Foundation
import Staging

/// SIGINT and SIGTERM stop Segue cleanly: the temporary files and folders it is writing are
/// removed (older outputs stay as they were), `segue batch`'s worker processes are stopped
/// first, and the exit status is 128 + the signal (130, 143).
///
/// The signals are blocked in every thread and taken by one thread in `sigwait`, so the clean-up
/// runs as ordinary code, not in a signal handler.
enum SignalExit {
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Must run before any other thread starts: threads inherit the blocked signals.
    static func install() {
        // A crash (a trap, an abort) removes the temporaries too, where a handler can still run.
        CrashCleanup.install()
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let thread = Thread {
            var set = sigset_t()
            sigemptyset(&set)
            for signal in signals { sigaddset(&set, signal) }
            var signal: Int32 = 0
            while sigwait(&set, &signal) != 0 {}
            InFlight.abandonAll(signal: signal)
            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            let message = "\nsegue: stopped by \(name); temporary files removed\n"
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            _exit(128 + signal)
        }
        thread.name = "segue-signals"
        thread.start()
    }
}
