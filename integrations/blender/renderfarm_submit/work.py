"""Network work off Blender's main thread, and what the panel shows of it.

Blender's UI and `bpy` data belong to the main thread. An operator hands a plain function to
`start()`; it runs in a daemon thread and may only call `report()` and return a value. `drain()`
(a `bpy.app.timers` timer while the add-on is on) takes the finished results on the main thread,
calls their `done(result, error)` there, and asks the Properties editors to redraw. Headless scripts
(`blender -b`, where timers do not fire) call `drain()` themselves until `busy()` is False.
"""

import queue
import threading
import time
import traceback

# What the panel and the preferences show; written on the main thread only (in `drain`), except
# `progress` and `message`, which a worker sets as it goes (plain assignments, read by `draw`).
state = {
    "account": None,  # {name, email, balance}
    "drives": [],  # [{uuid, name}]
    "jobs": [],  # RenderJobView dicts, newest first
    "check": None,  # {id, status, findings, drive, path, estimate?}
    "missing": [],  # external files the packed copy could not take in
    "last_job": None,  # the job the last Submit made
    "message": "",
    "error": "",
    "detail": "",  # the server's own (Persian) message with the error, made drawable (rtl.visual)
    "progress": None,  # (label, fraction) while something runs
    "jobs_refreshed_at": 0.0,
}

_results = queue.Queue()
_running = {}
_lock = threading.Lock()


def busy(name=None):
    with _lock:
        return bool(_running) if name is None else name in _running


def report(message, fraction=None):
    """From a worker: a line for the panel, and how far along it is (0..1) when known."""
    state["message"] = message
    state["progress"] = (message, fraction) if fraction is not None else None


def start(name, function, done=None):
    """Runs `function()` in a thread unless work of the same name is running; returns whether it started."""
    with _lock:
        if name in _running:
            return False
        _running[name] = time.monotonic()
    state["error"] = ""
    state["detail"] = ""

    def run():
        try:
            _results.put((name, function(), None, done))
        except Exception as error:  # shown in the panel; an unexpected one's traceback goes to the console
            if not hasattr(error, "status"):
                traceback.print_exc()
            _results.put((name, None, error, done))

    threading.Thread(target=run, name="renderfarm-" + name, daemon=True).start()
    return True


def drain():
    """Main thread: finishes what the workers returned. Returns the timer's next interval."""
    finished = False
    while True:
        try:
            name, result, error, done = _results.get_nowait()
        except queue.Empty:
            break
        finished = True
        with _lock:
            _running.pop(name, None)
        state["progress"] = None
        if error is not None:
            summary = error.summary() if hasattr(error, "summary") else str(error)
            state["error"] = summary
            if getattr(error, "status", 0):
                from .rtl import visual

                state["detail"] = visual(str(error))
            print("Render farm: {} failed: {}".format(name, error))
        try:
            if done:
                done(result, error)
        except Exception:
            traceback.print_exc()
    if finished or busy():
        redraw()
    return 0.25 if busy() else 1.0


def redraw():
    try:
        import bpy
    except ImportError:
        return
    for window in getattr(bpy.context.window_manager, "windows", []):
        for area in window.screen.areas:
            if area.type in ("PROPERTIES", "PREFERENCES"):
                area.tag_redraw()


def wait(timeout=600.0):
    """Headless use: drains until nothing runs (timers do not fire under `blender -b`)."""
    deadline = time.monotonic() + timeout
    while busy():
        if time.monotonic() > deadline:
            raise TimeoutError("render farm work still running after {} s".format(timeout))
        drain()
        time.sleep(0.1)
    drain()
