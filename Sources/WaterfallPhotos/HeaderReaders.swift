import Dispatch
import SystemPackage

/// Reads the headers of a walk's files on threads of their own (a `WishWorker`), a chunk of one folder's files at a
/// time, and gives each chunk's outcomes back in the order the chunks were given: the opens and reads of one folder
/// overlap those of the next, and the walk's thread lists the next folders meanwhile. With no threads, each chunk is
/// read when it is given, on the caller's thread.
///
/// Each thread has a `DecoderProcess` of its own (one per thread), made like the walk's when the walk has one.
/// Use it on one thread, the walk's.
final class HeaderReaders {
    /// Files of one folder whose headers are read together: numbered in the order given, and equal by number alone.
    struct Chunk: Hashable, Sendable {
        /// Its place in the order given.
        let number: Int
        /// The folder's path.
        let folderPath: FilePath
        /// The folder's place in the walk: equal for the chunks of one listing of it.
        let folderSerial: Int
        /// The files, in the walk's order, their paths, names and what the listing said of them known.
        let photos: [Photo]
        /// The folder opened to open the files by their names, shared by its chunks; `nil` when it could not be.
        let folder: OpenFolder?
        /// The folder's sidecars, when it was listed.
        let sidecars: SidecarListing

        static func == (a: Chunk, b: Chunk) -> Bool { a.number == b.number }
        func hash(into hasher: inout Hasher) { hasher.combine(number) }
    }

    /// A folder open while its chunks are read, closed when the last of them is done with it.
    final class OpenFolder: Sendable {
        /// The open descriptor.
        let descriptor: Int32

        /// The folder at `path` opened, or `nil`.
        init?(_ path: FilePath) {
            guard let descriptor = PhotoFile.openFolder(path) else { return nil }
            self.descriptor = descriptor
        }

        deinit { PhotoFile.closeFolder(descriptor) }
    }

    /// A chunk read: the chunk, and each of its files' outcome, in its order.
    typealias Read = (chunk: Chunk, outcomes: [PhotoWalker.FileOutcome])

    private let worker: WishWorker<Chunk, [PhotoWalker.FileOutcome]>?
    /// The walk's decoder, for the chunks read on the caller's thread.
    private let decoder: DecoderProcess?
    /// Signalled once for each chunk read on a thread.
    private let finished: DispatchSemaphore
    /// The number of the next chunk given, and of the next one taken.
    private var given = 0
    private var taken = 0
    /// The chunks read and not yet taken, by number.
    private var arrived: [Int: Read] = [:]

    /// Readers on `threads` threads (none: on the caller's), each with a decoder made like `decoder` when given.
    init(threads: Int, decoder: DecoderProcess?) {
        self.decoder = decoder
        let finished = DispatchSemaphore(value: 0)
        self.finished = finished
        guard threads > 0 else {
            worker = nil
            return
        }
        let decoderLike = decoder.map { ($0.executable, $0.headerTimeLimit, $0.thumbnailTimeLimit) }
        worker = WishWorker(threads: threads, name: "photo headers", wake: { finished.signal() }) {
            let decoder = decoderLike.map {
                DecoderProcess(executable: $0.0, headerTimeLimit: $0.1, thumbnailTimeLimit: $0.2)
            }
            return { chunk, _ in Self.read(chunk, decoder: decoder) }
        }
    }

    /// The chunks given and not yet taken.
    var chunksUnderWay: Int { given - taken }

    /// Gives the files `photos` of the folder at `folderPath` (its `folderSerial`th listing in the walk) to read, in
    /// `folder` when open, with its `sidecars`. Returns the chunk's number.
    @discardableResult
    func read(
        _ photos: [Photo], folderPath: FilePath, folderSerial: Int, folder: OpenFolder?, sidecars: SidecarListing
    ) -> Int {
        let chunk = Chunk(
            number: given, folderPath: folderPath, folderSerial: folderSerial, photos: photos, folder: folder,
            sidecars: sidecars)
        given += 1
        if let worker {
            worker.enqueue([chunk])
        } else {
            arrived[chunk.number] = (chunk, Self.read(chunk, decoder: decoder))
        }
        return chunk.number
    }

    /// The oldest chunk given and not yet taken, once read: waits for it. `nil` when none is under way.
    func next() -> Read? {
        guard taken < given else { return nil }
        while true {
            if let read = arrived.removeValue(forKey: taken) {
                taken += 1
                return read
            }
            finished.wait()
            for done in worker?.takeFinished() ?? [] { arrived[done.job.number] = (done.job, done.output) }
        }
    }

    /// Each file of `chunk` read, through `decoder` for the formats it reads.
    private static func read(_ chunk: Chunk, decoder: DecoderProcess?) -> [PhotoWalker.FileOutcome] {
        chunk.photos.map {
            PhotoWalker.read($0, inFolder: chunk.folder?.descriptor, worker: decoder, sidecars: chunk.sidecars)
        }
    }
}
