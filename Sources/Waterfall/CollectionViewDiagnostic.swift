#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A misuse of a collection view by its data source or its caller that the view caught and survived, never
/// touching memory it should not: it reports the problem through `diagnosticHandler` and goes on safely.
///
/// Invalid heights, counts and update calls are thrown as `LayoutError` and `UpdateError` instead; these are the
/// problems found where nothing can throw (while the view makes cells for a scroll or a resize).
public enum CollectionViewDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The data source reports `reported` items in `section` where `laidOut` were laid out, and no update call
    /// (`reloadData()`, `insertItems(at:)`, `finishLoadingMore(_:)`...) said so. Until one does, the view keeps
    /// its layout and asks for no cell at or beyond `reported` in that section.
    case itemCountChangedWithoutUpdate(section: Int, laidOut: Int, reported: Int)
    /// The data source reports `reported` sections where `laidOut` were laid out, and no update call said so.
    /// Until one does, the view asks for no cell in a section at or beyond `reported`.
    case sectionCountChangedWithoutUpdate(laidOut: Int, reported: Int)
    /// `dequeueReusableCell(withReuseIdentifier:)` was called with an identifier nothing is registered for, for
    /// `item` (when the view was asking for that item's cell). The view handed out a placeholder `MessageView`
    /// with that identifier that says so.
    case unregisteredReuseIdentifier(String, item: ItemPath?)
    /// The factory registered for `registered` made a cell whose `reuseIdentifier` is `made`; the cell is used,
    /// and goes back to the pool under its own identifier.
    case factoryMadeWrongReuseIdentifier(registered: String, made: String)
    /// The data source's cell for `item` has a reuse identifier nothing is registered for (it was not dequeued
    /// from the view); the cell is shown, counted as created, and kept in the pool under that identifier when it
    /// scrolls out.
    case cellWithUnregisteredReuseIdentifier(String, item: ItemPath)

    public var description: String {
        switch self {
        case .itemCountChangedWithoutUpdate(let section, let laidOut, let reported):
            return
                "section \(section) has \(reported) items in the data source but \(laidOut) laid out, and no update call "
                + "said so; call reloadData(), insertItems(at:), deleteItems(at:)... when the data changes"
        case .sectionCountChangedWithoutUpdate(let laidOut, let reported):
            return "the data source has \(reported) sections but \(laidOut) are laid out, and no update call said so; "
                + "call reloadData(), insertSections(_:), deleteSections(_:)... when the data changes"
        case .unregisteredReuseIdentifier(let identifier, let item):
            return "no cell is registered for reuse identifier '\(identifier)'"
                + (item.map { " (asked for item \($0))" } ?? "")
                + "; call register(forCellWithReuseIdentifier:factory:) first"
        case .factoryMadeWrongReuseIdentifier(let registered, let made):
            return "the factory registered for '\(registered)' made a cell with reuse identifier '\(made)'"
        case .cellWithUnregisteredReuseIdentifier(let identifier, let item):
            return "the cell for item \(item) has reuse identifier '\(identifier)', which is not registered; "
                + "get cells from dequeueReusableCell(withReuseIdentifier:)"
        }
    }
}

/// What the view remembers about its diagnostics (one stored property of `CollectionView`).
struct DiagnosticState {
    var handler: ((CollectionViewDiagnostic) -> Void)?
    /// Count mismatches already reported, so that each scroll does not report them again; emptied by a relayout.
    var reportedMismatches: Set<CollectionViewDiagnostic> = []
    /// The item whose cell the data source is being asked for.
    var itemBeingAskedFor: ItemPath?
    /// Whether a placeholder was handed out while asking for that cell (already reported).
    var handedOutPlaceholder = false
    /// The cells the pool handed out while asking for that cell: a cell the data source returns that is not one
    /// of them was made elsewhere, and is adopted by the pool.
    var handedOut: Set<ObjectIdentifier> = []
}

extension CollectionView {
    /// Hears every `CollectionViewDiagnostic`. When it is `nil` (the default), a diagnostic stops a debug build
    /// with an assertion that names it, and is printed on standard error in a release build.
    public var diagnosticHandler: ((CollectionViewDiagnostic) -> Void)? {
        get { diagnostics.handler }
        set { diagnostics.handler = newValue }
    }

    func report(_ diagnostic: CollectionViewDiagnostic) {
        if let handler = diagnostics.handler {
            handler(diagnostic)
            return
        }
        assertionFailure("CollectionView: \(diagnostic)")
        let line = "CollectionView: \(diagnostic)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    }

    /// The sections and items the data source reports now, where they differ from the layout's (reported once
    /// per mismatch): `nil` when they agree or while an update is in progress. While a load of more items is
    /// pending, more items in the last section and more sections are expected, not a mismatch.
    /// - Complexity: O(sections asked about).
    func reportedCounts(forSections sections: Set<Int>) -> (sections: Int, items: [Int: Int])? {
        guard let dataSource, pendingUpdates == nil else { return nil }
        var mismatch = false
        // While more items are being loaded, the data source may already have them at the end: no mismatch.
        let mayGrowAtTheEnd = loadMoreState == .loading
        let lastSection = layout.numberOfSections - 1
        let reportedSections = dataSource.numberOfSections
        if reportedSections != layout.numberOfSections, !(mayGrowAtTheEnd && reportedSections > layout.numberOfSections)
        {
            mismatch = true
            reportOnce(.sectionCountChangedWithoutUpdate(laidOut: layout.numberOfSections, reported: reportedSections))
        }
        var items: [Int: Int] = [:]
        for section in sections where section < reportedSections {
            let reported = dataSource.numberOfItems(inSection: section)
            items[section] = reported
            let laidOut = layout.numberOfItems(inSection: section)
            if reported != laidOut, !(mayGrowAtTheEnd && section == lastSection && reported > laidOut) {
                mismatch = true
                reportOnce(.itemCountChangedWithoutUpdate(section: section, laidOut: laidOut, reported: reported))
            }
        }
        return mismatch ? (reportedSections, items) : nil
    }

    private func reportOnce(_ diagnostic: CollectionViewDiagnostic) {
        guard diagnostics.reportedMismatches.insert(diagnostic).inserted else { return }
        report(diagnostic)
    }

    /// The data source's cell for `indexPath`, with its reuse identifier checked. A cell the pool did not hand out
    /// (the data source made it itself) is adopted: counted as created, so that the views in existence and in the
    /// pool still add up to the views created.
    func askCell(from dataSource: CollectionViewDataSource, at indexPath: ItemPath) -> CollectionViewCell {
        diagnostics.itemBeingAskedFor = indexPath
        diagnostics.handedOutPlaceholder = false
        diagnostics.handedOut = []
        defer {
            diagnostics.itemBeingAskedFor = nil
            diagnostics.handedOut = []
        }
        let cell = dataSource.collectionView(self, cellForItemAt: indexPath)
        if !reusePool.isRegistered(cell.reuseIdentifier) && !diagnostics.handedOutPlaceholder {
            report(.cellWithUnregisteredReuseIdentifier(cell.reuseIdentifier, item: indexPath))
        }
        if !diagnostics.handedOut.contains(ObjectIdentifier(cell)) { reusePool.adopt(cell) }
        return cell
    }

    /// `dequeueReusableCell(withReuseIdentifier:)`'s work: a pooled or new cell, or a placeholder that says what
    /// is wrong.
    func dequeueCheckingIdentifier(_ identifier: String) -> CollectionViewCell {
        let cell = dequeueOrPlaceholder(identifier)
        if diagnostics.itemBeingAskedFor != nil { diagnostics.handedOut.insert(ObjectIdentifier(cell)) }
        return cell
    }

    private func dequeueOrPlaceholder(_ identifier: String) -> CollectionViewCell {
        switch reusePool.dequeueWithoutTrapping(identifier) {
        case .cell(let cell):
            return cell
        case .wrongIdentifier(let cell):
            report(.factoryMadeWrongReuseIdentifier(registered: identifier, made: cell.reuseIdentifier))
            return cell
        case .unregistered:
            report(.unregisteredReuseIdentifier(identifier, item: diagnostics.itemBeingAskedFor))
            diagnostics.handedOutPlaceholder = true
            return reusePool.makePlaceholder(identifier) {
                MessageView(message: "No cell registered for '\(identifier)'", reuseIdentifier: identifier)
            }
        }
    }
}

/// What `ReusePool.dequeueWithoutTrapping(_:)` found.
enum DequeueResult {
    case cell(CollectionViewCell)
    /// The factory made a cell with another reuse identifier (it was counted as created).
    case wrongIdentifier(CollectionViewCell)
    /// Nothing is registered for the identifier and none is pooled.
    case unregistered
}

extension ReusePool {
    /// Like `dequeue(_:)`, but reports an unregistered identifier or a factory's wrong cell instead of trapping.
    func dequeueWithoutTrapping(_ identifier: String) -> DequeueResult {
        if let cell = dequeueIdle(identifier) { return .cell(cell) }
        guard let cell = makeRegistered(identifier) else { return .unregistered }
        return cell.reuseIdentifier == identifier ? .cell(cell) : .wrongIdentifier(cell)
    }
}
