import CX11
import CXi
import Testing

@testable import WaterfallX11

/// The pure parts of the XInput 2 boundary: valuator masks, the core events XI2 device events stand for, and which
/// core masks select a motion. (The X server's side runs in the window tests, under Xvfb and Xorg.)
struct XInputTranslationTests {
    @Test func aValuatorStateGivesEachSetBitWithTheNextPackedValue() {
        var mask: [UInt8] = [0b0000_1010, 0b0000_0001]  // valuators 1, 3 and 8
        var values: [Double] = [20.5, 1834.25, -3]
        let state = mask.withUnsafeMutableBufferPointer { maskBuffer in
            values.withUnsafeMutableBufferPointer { valueBuffer in
                Display.valuatorValues(
                    XIValuatorState(mask_len: 2, mask: maskBuffer.baseAddress, values: valueBuffer.baseAddress))
            }
        }
        #expect(state.map(\.number) == [1, 3, 8])
        #expect(state.map(\.value) == [20.5, 1834.25, -3])
        #expect(Display.valuatorValues(XIValuatorState(mask_len: 0, mask: nil, values: nil)).isEmpty)
    }

    @Test func aMotionOfScrollValuatorsAloneDoesNotMoveThePointer() {
        #expect(XInput2.movesPointer([(0, 10), (1, 20)]))
        #expect(XInput2.movesPointer([(1, 20), (3, 15)]))
        #expect(XInput2.movesPointer([]))
        #expect(!XInput2.movesPointer([(3, 15)]))
        #expect(!XInput2.movesPointer([(2, 5), (3, 15)]))
    }

    @Test func aCoreMaskSelectsMotionAsTheServerWould() {
        let window = EventMask.button1Motion  // the window's: drags of button 1 only
        #expect(!XInput2.coreEventMask(window, selectsMotionWithState: 0))
        #expect(XInput2.coreEventMask(window, selectsMotionWithState: UInt32(Button1Mask)))
        #expect(XInput2.coreEventMask(window, selectsMotionWithState: UInt32(Button1Mask | ShiftMask)))
        #expect(!XInput2.coreEventMask(window, selectsMotionWithState: UInt32(Button3Mask)))
        #expect(XInput2.coreEventMask(.buttonMotion, selectsMotionWithState: UInt32(Button3Mask)))
        #expect(!XInput2.coreEventMask(.buttonMotion, selectsMotionWithState: UInt32(ControlMask)))
        #expect(XInput2.coreEventMask(.pointerMotion, selectsMotionWithState: 0))
        #expect(!XInput2.coreEventMask([.exposure, .keyPress], selectsMotionWithState: UInt32(Button1Mask)))
    }

    @Test func aPressBecomesTheCorePressOnWholePixelsWithTheCoreState() {
        var buttons: [UInt8] = [0b0000_0110, 0]  // buttons 1 and 2 held before the press
        let core = buttons.withUnsafeMutableBufferPointer { buffer in
            var device = XIDeviceEvent()
            device.evtype = XI_ButtonPress
            device.time = 4711
            device.event = 0x40_0001
            device.root = 0x1e1
            device.detail = 3
            device.event_x = 120.75
            device.event_y = -0.5
            device.root_x = 220.75
            device.root_y = 99.5
            device.mods.effective = Int32(ShiftMask | ControlMask)
            device.group.effective = 1
            device.buttons = XIButtonState(mask_len: 2, mask: buffer.baseAddress)
            return Display.pointerEvent(device, button: UInt32(bitPattern: device.detail))
        }
        #expect(
            core
                == PointerEvent(
                    x: 120, y: -1, button: 3,
                    state: UInt32(ShiftMask | ControlMask | Button1Mask | Button2Mask) | 1 << 13,
                    time: 4711, rootX: 220, rootY: 99))
    }

    @Test func aMotionBecomesTheCoreMotion() {
        var buttons: [UInt8] = [0b0000_0010]  // button 1 held
        let core = buttons.withUnsafeMutableBufferPointer { buffer in
            var device = XIDeviceEvent()
            device.evtype = XI_Motion
            device.event = 7
            device.event_x = 10
            device.event_y = 30.999
            device.buttons = XIButtonState(mask_len: 1, mask: buffer.baseAddress)
            return Display.pointerEvent(device, button: 0)
        }
        #expect(core == PointerEvent(x: 10, y: 30, button: 0, state: UInt32(Button1Mask), time: 0))
    }

    @Test func coordinatesOutsideTheProtocolsSixteenBitsAreClamped() {
        #expect(Display.coreCoordinate(40_000.5) == 32_767)
        #expect(Display.coreCoordinate(-40_000) == -32_768)
        #expect(Display.coreCoordinate(.nan) == 0)
    }

    @Test func touchpadsAreKnownByTheirNamesWhenTheirDriverGivesNoType() {
        #expect(XInput2.nameSuggestsTouchpad("SynPS/2 Synaptics TouchPad"))
        #expect(XInput2.nameSuggestsTouchpad("ELAN0501:00 04F3:3060 Touchpad"))
        #expect(XInput2.nameSuggestsTouchpad("Apple Inc. Magic Trackpad 2"))
        #expect(!XInput2.nameSuggestsTouchpad("Logitech USB Optical Mouse"))
        #expect(!XInput2.nameSuggestsTouchpad("Virtual core XTEST pointer"))
    }
}
