"""Persian text made drawable by Blender 3.4's UI, which neither joins Arabic-script letters nor
lays them out right to left (no shaping, no bidi).

`visual(text)` returns the string Blender should draw: each letter replaced by its joined
presentation form (Unicode's Arabic Presentation Forms, which Blender's fonts carry), lam-alef as
its ligature, and the runs put in visual order (the Persian runs reversed, Latin words and numbers
kept reading left to right). Only for people's data the add-on shows (drive and job names, the
server's Persian messages); the add-on's own labels are English. Pure Python, no bpy.
"""

# letter: (isolated, final, initial, medial); letters with two forms join only to the letter before.
FORMS = {
    "\u0621": ("\ufe80",),
    "\u0622": ("\ufe81", "\ufe82"),
    "\u0623": ("\ufe83", "\ufe84"),
    "\u0624": ("\ufe85", "\ufe86"),
    "\u0625": ("\ufe87", "\ufe88"),
    "\u0626": ("\ufe89", "\ufe8a", "\ufe8b", "\ufe8c"),
    "\u0627": ("\ufe8d", "\ufe8e"),
    "\u0628": ("\ufe8f", "\ufe90", "\ufe91", "\ufe92"),
    "\u0629": ("\ufe93", "\ufe94"),
    "\u062a": ("\ufe95", "\ufe96", "\ufe97", "\ufe98"),
    "\u062b": ("\ufe99", "\ufe9a", "\ufe9b", "\ufe9c"),
    "\u062c": ("\ufe9d", "\ufe9e", "\ufe9f", "\ufea0"),
    "\u062d": ("\ufea1", "\ufea2", "\ufea3", "\ufea4"),
    "\u062e": ("\ufea5", "\ufea6", "\ufea7", "\ufea8"),
    "\u062f": ("\ufea9", "\ufeaa"),
    "\u0630": ("\ufeab", "\ufeac"),
    "\u0631": ("\ufead", "\ufeae"),
    "\u0632": ("\ufeaf", "\ufeb0"),
    "\u0633": ("\ufeb1", "\ufeb2", "\ufeb3", "\ufeb4"),
    "\u0634": ("\ufeb5", "\ufeb6", "\ufeb7", "\ufeb8"),
    "\u0635": ("\ufeb9", "\ufeba", "\ufebb", "\ufebc"),
    "\u0636": ("\ufebd", "\ufebe", "\ufebf", "\ufec0"),
    "\u0637": ("\ufec1", "\ufec2", "\ufec3", "\ufec4"),
    "\u0638": ("\ufec5", "\ufec6", "\ufec7", "\ufec8"),
    "\u0639": ("\ufec9", "\ufeca", "\ufecb", "\ufecc"),
    "\u063a": ("\ufecd", "\ufece", "\ufecf", "\ufed0"),
    "\u0641": ("\ufed1", "\ufed2", "\ufed3", "\ufed4"),
    "\u0642": ("\ufed5", "\ufed6", "\ufed7", "\ufed8"),
    "\u0643": ("\ufed9", "\ufeda", "\ufedb", "\ufedc"),
    "\u0644": ("\ufedd", "\ufede", "\ufedf", "\ufee0"),
    "\u0645": ("\ufee1", "\ufee2", "\ufee3", "\ufee4"),
    "\u0646": ("\ufee5", "\ufee6", "\ufee7", "\ufee8"),
    "\u0647": ("\ufee9", "\ufeea", "\ufeeb", "\ufeec"),
    "\u0648": ("\ufeed", "\ufeee"),
    "\u0649": ("\ufeef", "\ufef0"),
    "\u064a": ("\ufef1", "\ufef2", "\ufef3", "\ufef4"),
    "\u067e": ("\ufb56", "\ufb57", "\ufb58", "\ufb59"),
    "\u0686": ("\ufb7a", "\ufb7b", "\ufb7c", "\ufb7d"),
    "\u0698": ("\ufb8a", "\ufb8b"),
    "\u06a9": ("\ufb8e", "\ufb8f", "\ufb90", "\ufb91"),
    "\u06af": ("\ufb92", "\ufb93", "\ufb94", "\ufb95"),
    "\u06c0": ("\ufba4", "\ufba5"),
    "\u06cc": ("\ufbfc", "\ufbfd", "\ufbfe", "\ufbff"),
}
# lam + alef: (isolated, final)
LAM_ALEF = {
    "\u0622": ("\ufef5", "\ufef6"),
    "\u0623": ("\ufef7", "\ufef8"),
    "\u0625": ("\ufef9", "\ufefa"),
    "\u0627": ("\ufefb", "\ufefc"),
}
LAM = "\u0644"
ZWNJ = "\u200c"
TATWEEL = "\u0640"
MIRROR = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "«": "»", "»": "«"}


def is_mark(char):
    """Harakat and the hamza above (ـٔ in «خانهٔ»): drawn on the letter before, transparent to joining."""
    return "\u064b" <= char <= "\u065f" or char == "\u0670"


def is_rtl(char):
    return "\u0600" <= char <= "\u06ff" and not ("\u06f0" <= char <= "\u06f9") and not ("\u0660" <= char <= "\u0669")


def joins_next(char):
    return char == TATWEEL or len(FORMS.get(char, ())) == 4


def shape(text):
    """Letters to their presentation forms, logical order kept; ZWNJ breaks a join and is dropped."""
    chars = list(text)
    out = []
    i = 0
    while i < len(chars):
        char = chars[i]
        if char not in FORMS:
            if char != ZWNJ:
                out.append(char)
            i += 1
            continue
        prev = _neighbour(chars, i, -1)
        joined_before = prev is not None and joins_next(prev)
        nxt_index = _neighbour_index(chars, i, 1)
        nxt = chars[nxt_index] if nxt_index is not None else None
        if char == LAM and nxt in LAM_ALEF:
            out.append(LAM_ALEF[nxt][1 if joined_before else 0])
            out.extend(chars[i + 1 : nxt_index])  # marks between them
            i = nxt_index + 1
            continue
        forms = FORMS[char]
        joined_after = len(forms) == 4 and nxt is not None and (nxt == TATWEEL or len(FORMS.get(nxt, ())) >= 2)
        if joined_before and joined_after:
            out.append(forms[3])
        elif joined_after:
            out.append(forms[2])
        elif joined_before and len(forms) > 1:
            out.append(forms[1])
        else:
            out.append(forms[0])
        i += 1
    return "".join(out)


def _neighbour_index(chars, i, step):
    j = i + step
    while 0 <= j < len(chars) and is_mark(chars[j]):
        j += step
    return j if 0 <= j < len(chars) and chars[j] != ZWNJ else None


def _neighbour(chars, i, step):
    j = _neighbour_index(chars, i, step)
    return chars[j] if j is not None else None


def direction(char):
    """'R' (Persian letters and marks), 'L' (Latin, digits of any script), or None (neutral)."""
    if is_rtl(char) or "\ufb50" <= char <= "\ufeff":
        return "R"
    if char.isalnum():
        return "L"
    return None


def visual(text):
    """The string to draw left to right so that it reads as `text` in a right-to-left line."""
    if not text or not any(is_rtl(c) for c in text):
        return text
    shaped = shape(text)
    # Clusters: a character with the marks after it, kept together when reversed.
    clusters = []
    for char in shaped:
        if clusters and is_mark(char):
            clusters[-1] += char
        else:
            clusters.append(char)
    dirs = [direction(c[0]) for c in clusters]
    # A neutral takes the direction around it when both sides agree; else the line's (R).
    resolved = []
    for i, d in enumerate(dirs):
        if d is None:
            before = next((x for x in reversed(dirs[:i]) if x), "R")
            after = next((x for x in dirs[i + 1 :] if x), "R")
            d = before if before == after else "R"
        resolved.append(d)
    # Runs in logical order, then the line reversed; a Latin run keeps its own order.
    runs = []
    for cluster, d in zip(clusters, resolved):
        if runs and runs[-1][0] == d:
            runs[-1][1].append(cluster)
        else:
            runs.append((d, [cluster]))
    out = []
    for d, items in reversed(runs):
        if d == "R":
            out.extend(MIRROR.get(c, c) for c in reversed(items))
        else:
            out.extend(items)
    return "".join(out)
