"""Persian made drawable for Blender 3.4 (rtl.py): joined forms and visual order (system python3)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from renderfarm_submit.rtl import shape, visual  # noqa: E402


class RtlTest(unittest.TestCase):
    def test_letters_take_their_joined_forms(self):
        # س initial, then lam-alef as its final ligature, م isolated (alef does not join on).
        self.assertEqual(shape("سلام"), "\ufeb3\ufefc\ufee1")
        self.assertEqual(shape("بیمه"), "\ufe91\ufbff\ufee4\ufeea")
        # Persian letters: پ initial, ر final, و isolated, ژ isolated, ه isolated.
        self.assertEqual(shape("پروژه"), "\ufb58\ufeae\ufeed\ufb8a\ufee9")

    def test_lam_alef_is_one_ligature_and_zwnj_breaks_a_join(self):
        self.assertEqual(shape("لا"), "\ufefb")
        self.assertEqual(shape("بلا"), "\ufe91\ufefc")
        # «می‌شود»: the ZWNJ leaves ی final, ش initial, and is not drawn.
        self.assertEqual(shape("می\u200cش"), "\ufee3\ufbfd\ufeb5")

    def test_a_persian_line_reads_right_to_left_with_latin_and_numbers_kept(self):
        self.assertEqual(visual("Render farm"), "Render farm")
        self.assertEqual(visual("سلام"), "\ufee1\ufefc\ufeb3")
        # «رندر 12»: the number stays 12 and goes to the left of the word.
        self.assertEqual(visual("رندر 12"), "12 " + shape("رندر")[::-1])
        # A Latin name inside Persian keeps its own order; brackets are mirrored.
        self.assertEqual(visual("(Cycles) رندر"), shape("رندر")[::-1] + " (Cycles)")
        self.assertEqual(visual("رندر (ویلا)"), "(" + shape("ویلا")[::-1] + ") " + shape("رندر")[::-1])

    def test_marks_stay_on_their_letter(self):
        # «خانهٔ»: the hamza above follows its ه, before and after reversing.
        drawn = visual("خانهٔ")
        self.assertEqual(drawn[0:2], "\ufeea\u0654")


if __name__ == "__main__":
    unittest.main()
