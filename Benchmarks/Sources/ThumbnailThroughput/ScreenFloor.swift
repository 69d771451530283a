import Foundation
import SystemPackage
import WaterfallPhotos

/// The floor under a first screen: the least time any program could make the thumbnails of the cards in view on this
/// machine's cores. It reads the wall's layout (the lines of `waterfall --print-layout`) on standard input, takes the
/// cells whose frame begins above `viewportHeight`, and times each one's decode alone to its card's width in device
/// pixels (the frame's edges rounded, as the canvas draws it) on one thread, without the shared thumbnail cache, in
/// rounds. The floor is the sum of those times divided by the cores, and never less than the slowest decode. One JSON
/// line: the cards, their medians' sum and slowest, the cores, and the floor. `decoder` is set to one thread.
func screenFloor(viewportHeight: Double, decoder: ThumbnailDecoder) throws {
    var cards: [(path: String, width: Int)] = []
    while let line = readLine() {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            object["kind"] as? String == "cell", let path = object["path"] as? String,
            let x = (object["x"] as? NSNumber)?.doubleValue, let y = (object["y"] as? NSNumber)?.doubleValue,
            let frameWidth = (object["width"] as? NSNumber)?.doubleValue, y < viewportHeight
        else { continue }
        cards.append((path, max(1, Int((x + frameWidth).rounded() - x.rounded()))))
    }
    guard !cards.isEmpty else {
        FileHandle.standardError.write(Data("thumbnail-throughput: no card in view in the layout read\n".utf8))
        exit(1)
    }
    // One thread: the floor divides the work by the cores itself.
    decoder.threads = 1
    for card in cards {
        requireThumbnail(card.path) { try decoder.thumbnail(ofFile: .init(card.path), width: card.width) }
    }
    var times = Array(repeating: [Double](), count: cards.count)
    for _ in 0..<rounds {
        for (index, card) in cards.enumerated() {
            times[index].append(
                millisecondsPerThumbnail(count: 1) {
                    _ = try? decoder.thumbnail(ofFile: .init(card.path), width: card.width)
                })
        }
    }
    let medians = times.map(median)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let sum = medians.reduce(0, +)
    let slowest = medians.max() ?? 0
    try printLine([
        "screenFloor": "the cards in view decoded alone, one thread each", "cards": cards.count,
        "sumMs": rounded(sum), "slowestMs": rounded(slowest), "cores": cores,
        "floorMs": rounded(max(sum / Double(cores), slowest)),
    ])
}
