import NIOCore
import NIOPosix

/// An event loop as a task executor: a task that prefers it runs every step on the loop's
/// thread. SQLite's writer runs its groups on a loop of its own (`WriterThread`), so that
/// no statement waits for another thread to pick it up; PostgreSQL's transactions and
/// reads run on the loop of their pooled connection (`TransactionDeadline`), where each
/// statement's answer arrives, so that going on after it is not a wake-up of another thread.
final class EventLoopExecutor: TaskExecutor, @unchecked Sendable {
    let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The thread SQLite's writer runs on: a loop of its own, as a task executor.
final class WriterThread: Sendable {
    private let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let executor: EventLoopExecutor

    init() {
        executor = EventLoopExecutor(group.next())
    }

    var eventLoop: any EventLoop { executor.eventLoop }

    func shutdown() async {
        try? await group.shutdownGracefully()
    }
}
