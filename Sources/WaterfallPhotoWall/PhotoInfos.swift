import Foundation
import SystemPackage
import WaterfallPhotos

/// The photos' EXIF information (`PhotoInfo`), read on demand on a thread of its own, never the window's nor the
/// walk's: for the lightbox's info panel and, with `PhotoWall.Configuration.captionInfo`, the cards' info lines.
/// `want(_:)` replaces the queue, most wanted first, as the thumbnail pool's does, so a card scrolled past before
/// its turn is never read; what was read is kept (up to `keptCount` photos) until the file changes.
final class PhotoInfos: @unchecked Sendable {
    /// How many photos' information is kept: each is a few short strings.
    static let keptCount = 20_000

    private let condition = NSCondition()
    /// The files to read, most wanted first; guarded by `condition`.
    private var queue: [FilePath] = []
    /// The file being read; guarded by `condition`.
    private var reading: FilePath?
    /// What was read and not taken yet: the information, or `nil` when the file could not be read; guarded.
    private var results: [(file: FilePath, info: PhotoInfo?)] = []
    private var isStopping = false
    private var isRunning = true
    private let onResult: @Sendable () -> Void

    /// The information read, on the window's thread, least recently read first; an unreadable file's is empty.
    private var kept = LRUCache<FilePath, PhotoInfo>()

    /// A reader whose thread calls `onResult` (from its own thread) when information was read.
    init(onResult: @escaping @Sendable () -> Void) {
        self.onResult = onResult
        let thread = Thread { [weak self] in self?.work() }
        thread.name = "photo info"
        thread.start()
    }

    /// Stops the thread once the file it reads is read.
    func stop() {
        condition.withLock {
            isStopping = true
            queue = []
            condition.broadcast()
            while isRunning { condition.wait() }
        }
    }

    /// The information of `file`, when it was read.
    func info(of file: FilePath) -> PhotoInfo? { kept[file] }

    /// Makes `files` not read yet (nor being read) the queue, most wanted first.
    func want(_ files: [FilePath]) {
        let missing = files.filter { kept[$0] == nil }
        condition.withLock {
            let pending = Set(results.map(\.file))
            queue = missing.filter { $0 != reading && !pending.contains($0) }
            if !queue.isEmpty { condition.signal() }
        }
    }

    /// Keeps what was read since the last call, and returns the files it was read of.
    func deliver() -> [FilePath] {
        let taken = condition.withLock {
            defer { results = [] }
            return results
        }
        for (file, info) in taken { _ = kept.store(info ?? PhotoInfo(), for: file) }
        _ = kept.trim(toCount: Self.keptCount)
        return taken.map(\.file)
    }

    /// Drops what was read of `files`: they changed or are gone.
    func forget(_ files: [FilePath]) {
        for file in files { kept.removeValue(forKey: file) }
    }

    /// The thread's loop: reads the most wanted file's information.
    private func work() {
        while true {
            let file: FilePath? = condition.withLock {
                while queue.isEmpty && !isStopping { condition.wait() }
                guard !isStopping else {
                    isRunning = false
                    condition.broadcast()
                    return nil
                }
                reading = queue.removeFirst()
                return reading
            }
            guard let file else { return }
            let info = try? PhotoFile.readInfo(path: file)
            condition.withLock {
                reading = nil
                results.append((file, info))
            }
            onResult()
        }
    }
}
