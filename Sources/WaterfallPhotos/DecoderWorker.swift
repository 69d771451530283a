import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// The decoder worker's side (the `waterfall-decoder` program): answers `DecoderRequest`s read from its standard
/// input on its standard output, one at a time, through the library's own in-process functions
/// (`PhotoFile.readHeader(path:)`, `ThumbnailDecoder`'s decode with no worker of its own), until its input ends.
package enum DecoderWorker {
    /// Serves requests from `input` on `output` until `input` ends (the wall closed its end: returns 0) or sends bytes
    /// that are no request (returns 2).
    package static func serve(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        let decoder = ThumbnailDecoder(worker: nil)
        decoder.av1 = .dav1d
        while true {
            let body: [UInt8]
            switch DecoderDescriptor.readMessage(from: input, until: nil) {
            case .success(let message): body = message
            case .failure(.ended): return 0
            case .failure: return 2
            }
            guard let request = try? DecoderRequest(body: body) else { return 2 }
            let answer = answer(request, decoder: decoder)
            guard DecoderDescriptor.write(answer.framed, to: output) else { return 0 }  // the wall is gone
        }
    }

    /// The answer to `request`, decoded in this process by `decoder`.
    static func answer(_ request: DecoderRequest, decoder: ThumbnailDecoder) -> DecoderAnswer {
        do {
            switch request {
            case .header(let path):
                return .header(try PhotoFile.readHeader(path: path))
            case .thumbnail(let path, let width, let background):
                decoder.background = background
                let decoded = try decoder.withFile(path) { header, bytes in
                    try withStandardError(discarded: header.format == .avif) {
                        try decoder.decode(bytes, header: header, width: width, path: path)
                    }
                }
                return .thumbnail(decoded.thumbnail, isOpaque: decoded.isOpaque, profile: decoded.profile)
            }
        } catch let error as PhotoError {
            return .failure(error)
        } catch {
            return .failure(.unreadable("\(error)"))
        }
    }

    /// Calls `body` with the process's standard error pointed at /dev/null when `discarded` is true, and puts it back
    /// after: for dav1d, which prints what it finds wrong in a broken file and has no switch for it. Only here, in the
    /// worker, which runs one request at a time on one thread: in the wall, another thread's message would be lost.
    static func withStandardError<Result>(discarded: Bool, _ body: () throws -> Result) rethrows -> Result {
        guard discarded else { return try body() }
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        if null >= 0 && saved >= 0 { dup2(null, STDERR_FILENO) }
        defer {
            if saved >= 0 {
                dup2(saved, STDERR_FILENO)
                close(saved)
            }
            if null >= 0 { close(null) }
        }
        return try body()
    }
}
