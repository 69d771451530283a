import ArgumentParser
import Foundation
import Waterfall
import WaterfallCards

/// Replays a window's event log through the collection view alone, without a display.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a window's --log-events log through the collection view alone, without a display.",
        discussion: """
            Reads the log's start event (the window's arguments, and its first viewport and scroll bar: side by side the \
            view's first size) and its input events (every input the window handed the collection view, with the times \
            it gave it, and every key it left to the demo), and applies them in order to a collection view over the \
            same cards, as the window did. Prints the view's events as the window logs them (scroll, select, layout, \
            update...), then {"event":"state",...} with the fields of the window's exit event: offset, pull, viewport, \
            scrollBar, columns, columnWidth, contentHeight, items, selected and focused. Run it where the window ran (a relative --catalog is found from there). A log of a \
            --load-more window cannot be replayed: its pages arrive from a background thread at times the log does not \
            hold.
            """
    )

    @Argument(help: ArgumentHelp("The log a window wrote with --log-events; - reads standard input.", valueName: "log"))
    var log: String

    func run() throws {
        let lines = try orExit { try readLines() }
        let decoder = JSONDecoder()
        func decode(_ index: Int) throws -> LogLine? {
            guard let data = lines[index].data(using: .utf8),
                let name = try? decoder.decode(EventName.self, from: data),
                name.event == "start" || name.event == "input"
            else { return nil }
            do {
                return try decoder.decode(LogLine.self, from: data)
            } catch {
                throw RecordedInputError("\(log):\(index + 1): the \(name.event) event cannot be read: \(error)")
            }
        }
        var found: (index: Int, line: LogLine)?
        for index in lines.indices {
            if let line = try orExit({ try decode(index) }), line.event == "start" {
                found = (index, line)
                break
            }
        }
        guard let (startIndex, start) = found else {
            printError("\(log): no start event; record the log with waterfall-demo --log-events")
            throw ExitCode(2)
        }
        let (window, viewSize) = try windowCommand(start, line: startIndex + 1)
        let eventLog = EventLog()
        let items = try loadOrExit(window.layout)
        let cardToSelect = try orExit { try window.selection.cardToSelect(in: items) }
        let controller = DemoController(
            items: items, metrics: try orExit { try window.layout.cardMetrics() }, loader: nil, log: eventLog)
        controller.scale = start.scale ?? 1
        let collectionView = DemoSession.makeCollectionView(options: window.layout, controller: controller)
        try orExit {
            try collectionView.setViewportSize(viewSize)
            window.selection.apply(to: collectionView, selecting: cardToSelect)
            collectionView.isSmoothScrollingEnabled = !window.flags.noSmooth
            for index in lines.indices.dropFirst(startIndex + 1) {
                guard let line = try decode(index), line.event == "input" else { continue }
                let input: RecordedInput
                do {
                    input = try RecordedInput(line)
                } catch {
                    throw RecordedInputError("\(log):\(index + 1): \(error)")
                }
                try controller.replay(input, in: collectionView)
            }
        }
        eventLog.log("state", controller.stateFields(collectionView))
    }

    /// The log's lines, from the file or standard input.
    private func readLines() throws -> [String] {
        let data: Data
        if log == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: log) else {
                throw RecordedInputError("\(log): cannot be read")
            }
            data = contents
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// The window command the start event's arguments describe, and the view's first size. Exits with status 2 when
    /// the arguments are not a window's (or are refused), or ask for --load-more, and when the start event has no
    /// viewport or no scroll bar.
    private func windowCommand(_ start: LogLine, line: Int) throws -> (command: WindowCommand, viewSize: Size) {
        let command: ParsableCommand
        do {
            command = try WaterfallDemo.parseAsRoot(start.arguments ?? [])
        } catch {
            printError("\(log):\(line): the window's arguments are refused: \(WaterfallDemo.message(for: error))")
            throw ExitCode(2)
        }
        guard let window = command as? WindowCommand, let viewSize = start.viewSize else {
            printError(
                "\(log):\(line): the start event is not a window's (no window arguments, no viewport or no scrollBar)")
            throw ExitCode(2)
        }
        guard !window.loading.loadMore else {
            printError(
                "\(log):\(line): a --load-more window cannot be replayed: its pages arrive at times the log does not hold"
            )
            throw ExitCode(2)
        }
        return (window, viewSize)
    }
}

/// Only the event's name, to pick the lines a replay reads.
private struct EventName: Decodable {
    var event: String
}

extension DemoController {
    /// Applies a recorded input as the window did: a view's input to `collectionView`, a demo key to the editing keys.
    /// - Throws: `LayoutError` from a relayout or refresh.
    func replay(_ input: RecordedInput, in collectionView: CollectionView) throws {
        switch input {
        case .view(let input): try collectionView.apply(input)
        case .demoKey(let name, _): try handleKey(name, in: collectionView)
        }
    }
}
