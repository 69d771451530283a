/// What a drag from a window does, as its program hears it (`WaterfallWindow.onDragEvent`).
public enum DragEvent: Equatable, Sendable {
    /// The drag began: the window owns `XdndSelection` and follows the pointer.
    case started
    /// The pointer is over another window that takes drops (its id), or over none (`nil`).
    case target(UInt?)
    /// The window under the pointer answered: it would take the drop there (`true`) or not.
    case status(accepts: Bool)
    /// The drag ended.
    case ended(DragOutcome)
}

/// How a drag ended.
public enum DragOutcome: String, Equatable, Sendable {
    /// Dropped, and the target said it took the data (XdndFinished).
    case dropped
    /// Dropped, and the target said it could not use the data.
    case failed
    /// Released where no window would take it.
    case refused
    /// Escape, or the window lost its hold on the pointer.
    case cancelled
    /// The target stopped answering: no XdndStatus or XdndFinished within `XdndSource.patience` seconds.
    case timedOut
}

/// The source side of an XDND drag (freedesktop.org, version 5) as a state machine without a display: it is told
/// where the pointer is and what the target under it is, what the target answers, the release, Escape and the
/// timeouts, and answers with what to send and do. `WaterfallWindow+Drag.swift` does it.
///
/// As the specification asks: an Enter and a Position on coming over a target (a Leave to the one before), a
/// Position at most one at a time (the newest motion waits for the Status of the one before), a Drop on release over
/// a target that accepted (or, while its Status is awaited, once it comes), then the Finished. A target that does not
/// answer within `patience` seconds is taken as refusing, so a hung program never holds the drag.
struct XdndSource {
    /// A window that takes drops, and the protocol version to speak with it (the lower of its and ours).
    struct Target: Equatable {
        var window: UInt
        var version: UInt
    }

    /// What the machine asks the window to do.
    enum Effect: Equatable {
        case send(XdndMessage, to: UInt)
        /// Show the cursor that says a drop here would be taken, or not.
        case cursor(accepts: Bool)
        /// Call `timedOut()` after `XdndSource.patience` seconds unless another timer effect comes first.
        case startTimer
        case cancelTimer
        case report(DragEvent)
    }

    /// Seconds a target has to answer a Position (with Status) or a Drop (with Finished).
    static let patience = 3.0

    /// The dragging window's id.
    let source: UInt
    /// The types offered (at most three go in the Enter; the window's `XdndTypeList` lists them all).
    let types: [Atom]
    /// The action asked for: XdndActionCopy.
    let action: Atom
    let atoms: XdndAtoms

    /// The window under the pointer that takes drops, if any.
    private(set) var target: Target?
    /// Whether the target's last Status accepted.
    private(set) var accepts = false
    /// Whether a Position was sent and its Status has not come.
    private var awaitingStatus = false
    /// The newest motion, while a Status is awaited.
    private var pendingPosition: (x: Int, y: Int, time: UInt)?
    /// The time of the release, while a Drop waits for a Status.
    private var releaseTime: UInt?
    /// Whether the Drop went and the Finished is awaited.
    private(set) var dropped = false
    /// Whether the drag has ended.
    private(set) var isOver = false

    init(source: UInt, types: [Atom], atoms: XdndAtoms) {
        self.source = source
        self.types = types
        self.atoms = atoms
        action = atoms.actionCopy
    }

    /// The pointer moved to (`x`, `y`) on the root at `time`, over `newTarget` (a window with `XdndAware`, not this
    /// one), or over none.
    mutating func moved(over newTarget: Target?, x: Int, y: Int, time: UInt) -> [Effect] {
        guard !isOver, !dropped, releaseTime == nil else { return [] }
        var effects: [Effect] = []
        if newTarget?.window != target?.window {
            if let old = target { effects.append(.send(.leave(source: source), to: old.window)) }
            target = newTarget
            awaitingStatus = false
            pendingPosition = nil
            if accepts { effects.append(.cursor(accepts: false)) }
            accepts = false
            effects += [.cancelTimer, .report(.target(newTarget?.window))]
            if let newTarget {
                effects.append(
                    .send(
                        .enter(
                            source: source, version: newTarget.version, types: Array(types.prefix(3)),
                            moreTypes: types.count > 3), to: newTarget.window))
            }
        }
        guard let target else { return effects }
        if awaitingStatus {
            pendingPosition = (x, y, time)
            return effects
        }
        awaitingStatus = true
        return effects + [
            .send(.position(source: source, x: x, y: y, time: time, action: action), to: target.window), .startTimer,
        ]
    }

    /// A message came from a target: a Status of the current one, or the Finished of the drop.
    mutating func received(_ message: XdndMessage) -> [Effect] {
        guard !isOver, let target else { return [] }
        switch message {
        case .status(let window, let accepted, _, _) where window == target.window && awaitingStatus && !dropped:
            awaitingStatus = false
            var effects: [Effect] = [.cancelTimer]
            if accepted != accepts {
                accepts = accepted
                effects += [.cursor(accepts: accepted), .report(.status(accepts: accepted))]
            }
            if let time = releaseTime { return effects + finishRelease(time: time) }
            return effects + sendPendingPosition()
        case .finished(let window, let accepted, _) where window == target.window && dropped:
            // A version 2..4 target says nothing of success: its Finished means it took the drop.
            return end(accepted || target.version < 5 ? .dropped : .failed)
        default:
            return []
        }
    }

    /// The button was released at the server `time`: a Drop to a target that accepted (once its Status comes, when
    /// one is awaited); else a Leave, and the drag ends refused.
    mutating func released(time: UInt) -> [Effect] {
        guard !isOver, !dropped, releaseTime == nil else { return [] }
        if target != nil, awaitingStatus {
            releaseTime = time
            return []
        }
        return finishRelease(time: time)
    }

    /// Escape, or the pointer's hold was lost: a Leave to the target, and the drag ends cancelled.
    mutating func cancel() -> [Effect] {
        guard !isOver else { return [] }
        if dropped { return end(.cancelled) }  // the target has the Drop: leaving now would confuse it
        return leave() + end(.cancelled)
    }

    /// The target did not answer within `patience`: an awaited Status counts as a refusal (a release waiting for it
    /// ends the drag timed out), an awaited Finished ends it timed out.
    mutating func timedOut() -> [Effect] {
        guard !isOver else { return [] }
        if dropped { return end(.timedOut) }
        guard awaitingStatus else { return [] }
        awaitingStatus = false
        if releaseTime != nil { return leave() + end(.timedOut) }
        var effects: [Effect] = []
        if accepts {
            accepts = false
            effects += [.cursor(accepts: false), .report(.status(accepts: false))]
        }
        return effects + sendPendingPosition()
    }

    /// The motion that waited for a Status, sent now as the next Position, if one waited.
    private mutating func sendPendingPosition() -> [Effect] {
        guard let pending = pendingPosition, let target else { return [] }
        pendingPosition = nil
        awaitingStatus = true
        return [
            .send(
                .position(source: source, x: pending.x, y: pending.y, time: pending.time, action: action),
                to: target.window), .startTimer,
        ]
    }

    private mutating func finishRelease(time: UInt) -> [Effect] {
        releaseTime = nil
        guard let target, accepts else { return leave() + end(.refused) }
        dropped = true
        return [.send(.drop(source: source, time: time), to: target.window), .startTimer]
    }

    private func leave() -> [Effect] {
        target.map { [.send(.leave(source: source), to: $0.window)] } ?? []
    }

    private mutating func end(_ outcome: DragOutcome) -> [Effect] {
        isOver = true
        return [.cancelTimer, .report(.ended(outcome))]
    }
}
