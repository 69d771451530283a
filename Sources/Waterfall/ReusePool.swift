/// Cells that left the screen, kept by reuse identifier for the next item that needs one.
/// Counts how many cells were made and how many times one was reused, so recycling can be proved.
public final class ReusePool {
    private var factories: [String: () -> CollectionViewCell] = [:]
    private var idle: [String: [CollectionViewCell]] = [:]

    /// How many cells the factories made.
    public private(set) var created = 0
    /// How many times a pooled cell was handed out again.
    public private(set) var reused = 0

    /// An empty pool with nothing registered.
    public init() {}

    /// The number of cells waiting in the pool.
    public var count: Int { idle.values.reduce(0) { $0 + $1.count } }

    /// Registers how to make a new cell for `identifier`, as `register(_:forCellWithReuseIdentifier:)`.
    public func register(_ identifier: String, factory: @escaping () -> CollectionViewCell) {
        factories[identifier] = factory
    }

    /// A pooled cell for `identifier` if there is one, else a new one from its factory.
    /// A cell whose `reuseIdentifier` differs from `identifier` is a programming error and traps with both names.
    public func dequeue(_ identifier: String) -> CollectionViewCell {
        if let cell = idle[identifier]?.popLast() {
            reused += 1
            return cell
        }
        guard let factory = factories[identifier] else {
            preconditionFailure(
                "no cell is registered for reuse identifier '\(identifier)'; call register(_:factory:) first")
        }
        let cell = factory()
        precondition(
            cell.reuseIdentifier == identifier,
            "the factory for '\(identifier)' made a cell with reuse identifier '\(cell.reuseIdentifier)'")
        created += 1
        return cell
    }

    /// Whether a factory is registered for `identifier`.
    public func isRegistered(_ identifier: String) -> Bool { factories[identifier] != nil }

    /// A pooled cell for `identifier`, counted as reused, if there is one.
    func dequeueIdle(_ identifier: String) -> CollectionViewCell? {
        guard let cell = idle[identifier]?.popLast() else { return nil }
        reused += 1
        return cell
    }

    /// A new cell from `identifier`'s factory, counted as created; `nil` when none is registered.
    func makeRegistered(_ identifier: String) -> CollectionViewCell? {
        guard let factory = factories[identifier] else { return nil }
        created += 1
        return factory()
    }

    /// A stand-in made by `make`, counted as created so that the pool's counts stay whole.
    func makePlaceholder(_ identifier: String, _ make: () -> CollectionViewCell) -> CollectionViewCell {
        created += 1
        return make()
    }

    /// Counts `cell`, made outside the pool, as created: it joins the cells the pool keeps count of.
    func adopt(_ cell: CollectionViewCell) {
        created += 1
    }

    /// Puts `cell` back after calling its `prepareForReuse()`.
    public func enqueue(_ cell: CollectionViewCell) {
        cell.prepareForReuse()
        idle[cell.reuseIdentifier, default: []].append(cell)
    }
}
