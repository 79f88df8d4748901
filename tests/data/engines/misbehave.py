"""A test engine of belote-engine/1 that plays the first legal action, then misbehaves.

Usage: misbehave.py MODE [N] [PIDFILE]: answer N decisions well (default 0),
then do MODE: crash, hang, garbage, array, illegal, wrongid, textid (the id as
text, "1"), error,
ignorequit (answers well, ignores quit and sleeps), well (never misbehaves),
badlegal (declares the legal feature and lists only a pass);
or, in the handshake: protocol (a wrong protocol), silent (never answers
hello), refuse (plays no variant but "none"), exit (exits at once).
Its process id is appended to PIDFILE when one is given.
"""

import json
import os
import sys
import time


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    mode = sys.argv[1]
    after = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    if len(sys.argv) > 3:
        with open(sys.argv[3], "a") as pidfile:
            pidfile.write(f"{os.getpid()}\n")
    if mode == "exit":
        sys.exit(4)
    answered = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if mode == "silent":
                time.sleep(3600)
            send({"type": "log", "message": "starting"})
            send({"type": "ready", "protocol": "belote-engine/0" if mode == "protocol" else "belote-engine/1",
                  "name": f"misbehave-{mode}", "options": [{"name": "level", "type": "int", "default": 1}],
                  "variants": ["none"] if mode == "refuse" else ["*"],
                  "features": ["legal"] if mode == "badlegal" else []})
        elif kind == "setoption":
            pass
        elif kind == "legal":  # badlegal: every seat may only pass, it says
            send({"type": "legal", "id": message["id"], "legal": [f"{message['seat']} pass"]})
        elif kind == "decide":
            legal = message["legal"]
            good = next((action for action in legal if not action.endswith(" stop")), legal[0])
            if answered >= after and mode != "ignorequit":
                if mode == "crash":
                    sys.stderr.write("misbehave: crashing on purpose\n")
                    sys.exit(3)
                if mode == "hang":
                    time.sleep(3600)
                if mode == "garbage":
                    sys.stdout.write("take it!\n")
                    sys.stdout.flush()
                    continue
                if mode == "array":
                    send([good])
                    continue
                if mode == "illegal":
                    seat = message["seat"]
                    send({"type": "action", "id": message["id"], "action": f"{seat} stop"
                          if not any(a.endswith(" stop") for a in legal) else f"{seat} swap"})
                    continue
                if mode == "wrongid":
                    send({"type": "action", "id": message["id"] + 1000, "action": good})
                    continue
                if mode == "textid":
                    send({"type": "action", "id": str(message["id"]), "action": good})
                    continue
                if mode == "error":
                    send({"type": "error", "message": "out of ideas"})
                    continue
            answered += 1
            send({"type": "action", "id": message["id"], "action": good})
        elif kind == "quit":
            if mode == "ignorequit":
                time.sleep(3600)
            break


if __name__ == "__main__":
    main()
