import CAffinity
import Foundation
import SystemPackage
import WaterfallPhotos

/// Thumbnails per second of a `ThumbnailPool` (the wall's: one worker per core, each decoder with its share of the
/// cores for a decoder that splits its work) over every file of a folder, on 1, 2 and every core, in rotated rounds:
/// one JSON line with each count's median rate and its ratio to one core's. The process is held to that many cores
/// (`sched_setaffinity`, which the pool's threads, its decoders' threads and its worker processes inherit), so a
/// library's own threads cannot borrow the others.
func poolCores(_ folder: String) throws {
    let paths = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { "\(folder)/\($0)" }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    holdToCores(cores)
    let counts = Array(Set([1, 2, cores])).sorted()
    var rates = Array(repeating: [Double](), count: counts.count)
    for round in 0..<rounds {
        for step in 0..<counts.count {
            let index = (round + step) % counts.count
            holdToCores(counts[index])
            defer { holdToCores(cores) }
            // The pool as the wall makes it: `defaultWorkerCount` workers for the cores the process has.
            let seconds = try secondsForAll(paths, workers: ThumbnailPool.defaultWorkerCount)
            rates[index].append(Double(paths.count) / seconds)
        }
    }
    let medians = rates.map(median)
    try printLine([
        "pool": "thumbnails per second of \(paths.count) photos by cores", "photos": paths.count,
        "cores": cores, "coreCounts": counts, "perSecond": medians.map(rounded),
        "ratioToOne": medians.map { rounded($0 / medians[0]) },
    ])
}

/// The seconds a pool of `workers` takes to make the thumbnails of every one of `paths` (each must succeed).
private func secondsForAll(_ paths: [String], workers: Int) throws -> Double {
    let done = DispatchSemaphore(value: 0)
    let pool = ThumbnailPool(
        workers: workers, background: 0xFFFFFF,
        decoderExecutable: ProcessInfo.processInfo.environment["WATERFALL_DECODER"]
    ) { done.signal() }
    defer { pool.stop() }
    let start = DispatchTime.now().uptimeNanoseconds
    pool.want(paths.enumerated().map { ThumbnailPool.Job(id: $0.offset, path: FilePath($0.element), width: width) })
    var finished = 0
    while finished < paths.count {
        done.wait()
        for result in pool.takeResults() {
            if case .failure(let error) = result.outcome {
                FileHandle.standardError.write(Data("thumbnail-throughput: \(result.job.path): \(error)\n".utf8))
                exit(1)
            }
            finished += 1
        }
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Holds the calling thread, and the threads and processes it starts from now on, to the first `count` cores.
private func holdToCores(_ count: Int) {
    guard waterfall_hold_to_cores(Int32(count)) == 0 else {
        FileHandle.standardError.write(Data("thumbnail-throughput: sched_setaffinity: errno \(errno)\n".utf8))
        exit(1)
    }
}
