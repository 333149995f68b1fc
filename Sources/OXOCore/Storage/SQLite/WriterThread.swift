import NIOCore
import NIOPosix

/// The thread SQLite's writer runs on, as a task executor: a task that prefers it runs
/// every step of a group of changes there, from the first statement to the commit, so
/// that no statement waits for another thread to pick it up.
final class WriterThread: TaskExecutor, @unchecked Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let eventLoop: any EventLoop

    init() {
        eventLoop = group.next()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    func shutdown() async {
        try? await group.shutdownGracefully()
    }
}
