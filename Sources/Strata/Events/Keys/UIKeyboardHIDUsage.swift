import Foundation

/// The USB HID usage codes (page 7, keyboard/keypad) that name a keyboard's keys: UIKit's
/// `UIKeyboardHIDUsage`. A key press from a host names its key with one of these; a code that is
/// not here is refused (`InputError.unknownKeyCode`).
public enum UIKeyboardHIDUsage: Int, Sendable, Hashable, CaseIterable, Codable {
    /// The raw usage code 1 (0x01).
    case keyboardErrorRollOver = 0x01
    /// The raw usage code 2 (0x02).
    case keyboardPOSTFail = 0x02
    /// The raw usage code 3 (0x03).
    case keyboardErrorUndefined = 0x03
    /// The raw usage code 4 (0x04).
    case keyboardA = 0x04
    /// The raw usage code 5 (0x05).
    case keyboardB = 0x05
    /// The raw usage code 6 (0x06).
    case keyboardC = 0x06
    /// The raw usage code 7 (0x07).
    case keyboardD = 0x07
    /// The raw usage code 8 (0x08).
    case keyboardE = 0x08
    /// The raw usage code 9 (0x09).
    case keyboardF = 0x09
    /// The raw usage code 10 (0x0A).
    case keyboardG = 0x0A
    /// The raw usage code 11 (0x0B).
    case keyboardH = 0x0B
    /// The raw usage code 12 (0x0C).
    case keyboardI = 0x0C
    /// The raw usage code 13 (0x0D).
    case keyboardJ = 0x0D
    /// The raw usage code 14 (0x0E).
    case keyboardK = 0x0E
    /// The raw usage code 15 (0x0F).
    case keyboardL = 0x0F
    /// The raw usage code 16 (0x10).
    case keyboardM = 0x10
    /// The raw usage code 17 (0x11).
    case keyboardN = 0x11
    /// The raw usage code 18 (0x12).
    case keyboardO = 0x12
    /// The raw usage code 19 (0x13).
    case keyboardP = 0x13
    /// The raw usage code 20 (0x14).
    case keyboardQ = 0x14
    /// The raw usage code 21 (0x15).
    case keyboardR = 0x15
    /// The raw usage code 22 (0x16).
    case keyboardS = 0x16
    /// The raw usage code 23 (0x17).
    case keyboardT = 0x17
    /// The raw usage code 24 (0x18).
    case keyboardU = 0x18
    /// The raw usage code 25 (0x19).
    case keyboardV = 0x19
    /// The raw usage code 26 (0x1A).
    case keyboardW = 0x1A
    /// The raw usage code 27 (0x1B).
    case keyboardX = 0x1B
    /// The raw usage code 28 (0x1C).
    case keyboardY = 0x1C
    /// The raw usage code 29 (0x1D).
    case keyboardZ = 0x1D
    /// The raw usage code 30 (0x1E).
    case keyboard1 = 0x1E
    /// The raw usage code 31 (0x1F).
    case keyboard2 = 0x1F
    /// The raw usage code 32 (0x20).
    case keyboard3 = 0x20
    /// The raw usage code 33 (0x21).
    case keyboard4 = 0x21
    /// The raw usage code 34 (0x22).
    case keyboard5 = 0x22
    /// The raw usage code 35 (0x23).
    case keyboard6 = 0x23
    /// The raw usage code 36 (0x24).
    case keyboard7 = 0x24
    /// The raw usage code 37 (0x25).
    case keyboard8 = 0x25
    /// The raw usage code 38 (0x26).
    case keyboard9 = 0x26
    /// The raw usage code 39 (0x27).
    case keyboard0 = 0x27
    /// The raw usage code 40 (0x28).
    case keyboardReturnOrEnter = 0x28
    /// The raw usage code 41 (0x29).
    case keyboardEscape = 0x29
    /// The raw usage code 42 (0x2A).
    case keyboardDeleteOrBackspace = 0x2A
    /// The raw usage code 43 (0x2B).
    case keyboardTab = 0x2B
    /// The raw usage code 44 (0x2C).
    case keyboardSpacebar = 0x2C
    /// The raw usage code 45 (0x2D).
    case keyboardHyphen = 0x2D
    /// The raw usage code 46 (0x2E).
    case keyboardEqualSign = 0x2E
    /// The raw usage code 47 (0x2F).
    case keyboardOpenBracket = 0x2F
    /// The raw usage code 48 (0x30).
    case keyboardCloseBracket = 0x30
    /// The raw usage code 49 (0x31).
    case keyboardBackslash = 0x31
    /// The raw usage code 50 (0x32).
    case keyboardNonUSPound = 0x32
    /// The raw usage code 51 (0x33).
    case keyboardSemicolon = 0x33
    /// The raw usage code 52 (0x34).
    case keyboardQuote = 0x34
    /// The raw usage code 53 (0x35).
    case keyboardGraveAccentAndTilde = 0x35
    /// The raw usage code 54 (0x36).
    case keyboardComma = 0x36
    /// The raw usage code 55 (0x37).
    case keyboardPeriod = 0x37
    /// The raw usage code 56 (0x38).
    case keyboardSlash = 0x38
    /// The raw usage code 57 (0x39).
    case keyboardCapsLock = 0x39
    /// The raw usage code 58 (0x3A).
    case keyboardF1 = 0x3A
    /// The raw usage code 59 (0x3B).
    case keyboardF2 = 0x3B
    /// The raw usage code 60 (0x3C).
    case keyboardF3 = 0x3C
    /// The raw usage code 61 (0x3D).
    case keyboardF4 = 0x3D
    /// The raw usage code 62 (0x3E).
    case keyboardF5 = 0x3E
    /// The raw usage code 63 (0x3F).
    case keyboardF6 = 0x3F
    /// The raw usage code 64 (0x40).
    case keyboardF7 = 0x40
    /// The raw usage code 65 (0x41).
    case keyboardF8 = 0x41
    /// The raw usage code 66 (0x42).
    case keyboardF9 = 0x42
    /// The raw usage code 67 (0x43).
    case keyboardF10 = 0x43
    /// The raw usage code 68 (0x44).
    case keyboardF11 = 0x44
    /// The raw usage code 69 (0x45).
    case keyboardF12 = 0x45
    /// The raw usage code 70 (0x46).
    case keyboardPrintScreen = 0x46
    /// The raw usage code 71 (0x47).
    case keyboardScrollLock = 0x47
    /// The raw usage code 72 (0x48).
    case keyboardPause = 0x48
    /// The raw usage code 73 (0x49).
    case keyboardInsert = 0x49
    /// The raw usage code 74 (0x4A).
    case keyboardHome = 0x4A
    /// The raw usage code 75 (0x4B).
    case keyboardPageUp = 0x4B
    /// The raw usage code 76 (0x4C).
    case keyboardDeleteForward = 0x4C
    /// The raw usage code 77 (0x4D).
    case keyboardEnd = 0x4D
    /// The raw usage code 78 (0x4E).
    case keyboardPageDown = 0x4E
    /// The raw usage code 79 (0x4F).
    case keyboardRightArrow = 0x4F
    /// The raw usage code 80 (0x50).
    case keyboardLeftArrow = 0x50
    /// The raw usage code 81 (0x51).
    case keyboardDownArrow = 0x51
    /// The raw usage code 82 (0x52).
    case keyboardUpArrow = 0x52
    /// The raw usage code 83 (0x53).
    case keypadNumLock = 0x53
    /// The raw usage code 84 (0x54).
    case keypadSlash = 0x54
    /// The raw usage code 85 (0x55).
    case keypadAsterisk = 0x55
    /// The raw usage code 86 (0x56).
    case keypadHyphen = 0x56
    /// The raw usage code 87 (0x57).
    case keypadPlus = 0x57
    /// The raw usage code 88 (0x58).
    case keypadEnter = 0x58
    /// The raw usage code 89 (0x59).
    case keypad1 = 0x59
    /// The raw usage code 90 (0x5A).
    case keypad2 = 0x5A
    /// The raw usage code 91 (0x5B).
    case keypad3 = 0x5B
    /// The raw usage code 92 (0x5C).
    case keypad4 = 0x5C
    /// The raw usage code 93 (0x5D).
    case keypad5 = 0x5D
    /// The raw usage code 94 (0x5E).
    case keypad6 = 0x5E
    /// The raw usage code 95 (0x5F).
    case keypad7 = 0x5F
    /// The raw usage code 96 (0x60).
    case keypad8 = 0x60
    /// The raw usage code 97 (0x61).
    case keypad9 = 0x61
    /// The raw usage code 98 (0x62).
    case keypad0 = 0x62
    /// The raw usage code 99 (0x63).
    case keypadPeriod = 0x63
    /// The raw usage code 100 (0x64).
    case keyboardNonUSBackslash = 0x64
    /// The raw usage code 101 (0x65).
    case keyboardApplication = 0x65
    /// The raw usage code 102 (0x66).
    case keyboardPower = 0x66
    /// The raw usage code 103 (0x67).
    case keypadEqualSign = 0x67
    /// The raw usage code 104 (0x68).
    case keyboardF13 = 0x68
    /// The raw usage code 105 (0x69).
    case keyboardF14 = 0x69
    /// The raw usage code 106 (0x6A).
    case keyboardF15 = 0x6A
    /// The raw usage code 107 (0x6B).
    case keyboardF16 = 0x6B
    /// The raw usage code 108 (0x6C).
    case keyboardF17 = 0x6C
    /// The raw usage code 109 (0x6D).
    case keyboardF18 = 0x6D
    /// The raw usage code 110 (0x6E).
    case keyboardF19 = 0x6E
    /// The raw usage code 111 (0x6F).
    case keyboardF20 = 0x6F
    /// The raw usage code 112 (0x70).
    case keyboardF21 = 0x70
    /// The raw usage code 113 (0x71).
    case keyboardF22 = 0x71
    /// The raw usage code 114 (0x72).
    case keyboardF23 = 0x72
    /// The raw usage code 115 (0x73).
    case keyboardF24 = 0x73
    /// The raw usage code 116 (0x74).
    case keyboardExecute = 0x74
    /// The raw usage code 117 (0x75).
    case keyboardHelp = 0x75
    /// The raw usage code 118 (0x76).
    case keyboardMenu = 0x76
    /// The raw usage code 119 (0x77).
    case keyboardSelect = 0x77
    /// The raw usage code 120 (0x78).
    case keyboardStop = 0x78
    /// The raw usage code 121 (0x79).
    case keyboardAgain = 0x79
    /// The raw usage code 122 (0x7A).
    case keyboardUndo = 0x7A
    /// The raw usage code 123 (0x7B).
    case keyboardCut = 0x7B
    /// The raw usage code 124 (0x7C).
    case keyboardCopy = 0x7C
    /// The raw usage code 125 (0x7D).
    case keyboardPaste = 0x7D
    /// The raw usage code 126 (0x7E).
    case keyboardFind = 0x7E
    /// The raw usage code 127 (0x7F).
    case keyboardMute = 0x7F
    /// The raw usage code 128 (0x80).
    case keyboardVolumeUp = 0x80
    /// The raw usage code 129 (0x81).
    case keyboardVolumeDown = 0x81
    /// The raw usage code 130 (0x82).
    case keyboardLockingCapsLock = 0x82
    /// The raw usage code 131 (0x83).
    case keyboardLockingNumLock = 0x83
    /// The raw usage code 132 (0x84).
    case keyboardLockingScrollLock = 0x84
    /// The raw usage code 133 (0x85).
    case keypadComma = 0x85
    /// The raw usage code 134 (0x86).
    case keypadEqualSignAS400 = 0x86
    /// The raw usage code 135 (0x87).
    case keyboardInternational1 = 0x87
    /// The raw usage code 136 (0x88).
    case keyboardInternational2 = 0x88
    /// The raw usage code 137 (0x89).
    case keyboardInternational3 = 0x89
    /// The raw usage code 138 (0x8A).
    case keyboardInternational4 = 0x8A
    /// The raw usage code 139 (0x8B).
    case keyboardInternational5 = 0x8B
    /// The raw usage code 140 (0x8C).
    case keyboardInternational6 = 0x8C
    /// The raw usage code 141 (0x8D).
    case keyboardInternational7 = 0x8D
    /// The raw usage code 142 (0x8E).
    case keyboardInternational8 = 0x8E
    /// The raw usage code 143 (0x8F).
    case keyboardInternational9 = 0x8F
    /// The raw usage code 144 (0x90).
    case keyboardLANG1 = 0x90
    /// The raw usage code 145 (0x91).
    case keyboardLANG2 = 0x91
    /// The raw usage code 146 (0x92).
    case keyboardLANG3 = 0x92
    /// The raw usage code 147 (0x93).
    case keyboardLANG4 = 0x93
    /// The raw usage code 148 (0x94).
    case keyboardLANG5 = 0x94
    /// The raw usage code 149 (0x95).
    case keyboardLANG6 = 0x95
    /// The raw usage code 150 (0x96).
    case keyboardLANG7 = 0x96
    /// The raw usage code 151 (0x97).
    case keyboardLANG8 = 0x97
    /// The raw usage code 152 (0x98).
    case keyboardLANG9 = 0x98
    /// The raw usage code 153 (0x99).
    case keyboardAlternateErase = 0x99
    /// The raw usage code 154 (0x9A).
    case keyboardSysReqOrAttention = 0x9A
    /// The raw usage code 155 (0x9B).
    case keyboardCancel = 0x9B
    /// The raw usage code 156 (0x9C).
    case keyboardClear = 0x9C
    /// The raw usage code 157 (0x9D).
    case keyboardPrior = 0x9D
    /// The raw usage code 158 (0x9E).
    case keyboardReturn = 0x9E
    /// The raw usage code 159 (0x9F).
    case keyboardSeparator = 0x9F
    /// The raw usage code 160 (0xA0).
    case keyboardOut = 0xA0
    /// The raw usage code 161 (0xA1).
    case keyboardOper = 0xA1
    /// The raw usage code 162 (0xA2).
    case keyboardClearOrAgain = 0xA2
    /// The raw usage code 163 (0xA3).
    case keyboardCrSelOrProps = 0xA3
    /// The raw usage code 164 (0xA4).
    case keyboardExSel = 0xA4
    /// The raw usage code 224 (0xE0).
    case keyboardLeftControl = 0xE0
    /// The raw usage code 225 (0xE1).
    case keyboardLeftShift = 0xE1
    /// The raw usage code 226 (0xE2).
    case keyboardLeftAlt = 0xE2
    /// The raw usage code 227 (0xE3).
    case keyboardLeftGUI = 0xE3
    /// The raw usage code 228 (0xE4).
    case keyboardRightControl = 0xE4
    /// The raw usage code 229 (0xE5).
    case keyboardRightShift = 0xE5
    /// The raw usage code 230 (0xE6).
    case keyboardRightAlt = 0xE6
    /// The raw usage code 231 (0xE7).
    case keyboardRightGUI = 0xE7
    /// The raw usage code 65535 (0xFFFF).
    case keyboard_Reserved = 0xFFFF

    /// An alias for the LANG1 key on Japanese keyboards from Apple.
    public static let keyboardKanaSwitch = keyboardLANG1
    /// An alias for the LANG1 key on Korean keyboards.
    public static let keyboardHangul = keyboardLANG1
    /// An alias for the LANG2 key on Japanese keyboards from Apple.
    public static let keyboardAlphanumericSwitch = keyboardLANG2
    /// An alias for the LANG2 key on Korean keyboards.
    public static let keyboardHanja = keyboardLANG2
    /// An alias for the LANG3 key on Japanese keyboards.
    public static let keyboardKatakana = keyboardLANG3
    /// An alias for the LANG4 key on Japanese keyboards.
    public static let keyboardHiragana = keyboardLANG4
    /// An alias for the LANG5 key on Japanese keyboards.
    public static let keyboardZenkakuHankakuKanji = keyboardLANG5
}
