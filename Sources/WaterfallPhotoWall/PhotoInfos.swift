import Foundation
import SystemPackage
import WaterfallPhotos

/// The photos' EXIF information (`PhotoInfo`), read on demand on a thread of its own, never the window's nor the
/// walk's: for the lightbox's info panel and, with `PhotoWall.Configuration.captionInfo`, the cards' info lines.
/// `want(_:)` replaces the queue, most wanted first, as the thumbnail pool's does (a `WishWorker` of one thread), so a
/// card scrolled past before its turn is never read; what was read is kept (up to `keptCount` photos) until the file
/// changes. Everything but the thread is the window's: its methods run on the loop thread (checked in debug builds).
final class PhotoInfos {
    /// How many photos' information is kept: each is a few short strings.
    static let keptCount = 20_000

    /// Reads a file's information: `nil` when it cannot be read.
    private let reader: WishWorker<FilePath, PhotoInfo?>

    /// The information read, least recently read first; an unreadable file's is empty.
    private var kept = LRUCache<FilePath, PhotoInfo>()

    /// A reader whose thread calls `onResult` (from its own thread) when information was read.
    init(loopThread: LoopThreadChecker = LoopThreadChecker(), onResult: @escaping @Sendable () -> Void) {
        reader = WishWorker(threads: 1, name: "photo info", loopThread: loopThread, wake: onResult) {
            { file, _ in try? PhotoFile.readInfo(path: file) }
        }
    }

    /// Stops the thread once the file it reads is read.
    func stop() { reader.stop() }

    /// The information of `file`, when it was read.
    func info(of file: FilePath) -> PhotoInfo? {
        reader.preconditionOnLoopThread()
        return kept[file]
    }

    /// Makes `files` not read yet (nor being read) the queue, most wanted first.
    /// - Complexity: O(`files`).
    func want(_ files: [FilePath]) {
        reader.preconditionOnLoopThread()
        reader.want(files.filter { kept[$0] == nil })
    }

    /// Keeps what was read since the last call, and returns the files it was read of.
    func deliver() -> [FilePath] {
        let taken = reader.takeFinished()
        for read in taken { _ = kept.store(read.output ?? PhotoInfo(), for: read.job) }
        _ = kept.trim(toCount: Self.keptCount)
        return taken.map(\.job)
    }

    /// Drops what was read of `files`: they changed or are gone.
    func forget(_ files: [FilePath]) {
        reader.preconditionOnLoopThread()
        for file in files { kept.removeValue(forKey: file) }
    }
}
