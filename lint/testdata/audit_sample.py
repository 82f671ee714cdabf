#!/usr/bin/env python3
"""Draw the stratified sample of corpus findings read in docs/audit-sample.md
(the third reading). Reproduce with:

    go build -o /tmp/robotstxt ./cmd/robotstxt
    /tmp/robotstxt lint --format json ../shared/corpus/robots > /tmp/corpus.json
    python3 lint/testdata/audit_sample.py /tmp/corpus.json > /tmp/sample.json

Per check: one finding from each of up to K distinct files, K by the check's
most common severity (error 4, warning 3, info 2); every finding of the
checks given in ALL (the new ones). Seeded, so the same corpus and audit give
the same sample.
"""
import collections
import json
import os
import random
import sys

SEED = 2212
K = {'error': 4, 'warning': 3, 'info': 2}
ALL = {'regex-syntax', 'misspelled-agent'}


def main(path):
    random.seed(SEED)
    by = collections.defaultdict(lambda: collections.defaultdict(list))
    report = json.load(open(path))
    # lint --json: {"files": [...], "counts": {...}} (an array before issue 22's second stop).
    docs = report['files'] if isinstance(report, dict) else report
    for doc in docs:
        name = os.path.basename(doc['file'])
        for f in doc['findings']:
            by[f['id']][name].append({'file': name, 'line': f.get('line', 0), 'id': f['id'],
                                      'sev': f['severity'], 'msg': f['message'], 'fix': f.get('fix', '')})
    sample = []
    for cid in sorted(by):
        files = sorted(by[cid])
        if cid in ALL:
            for name in files:
                sample.extend(by[cid][name])
            continue
        sev = collections.Counter(r['sev'] for name in files for r in by[cid][name]).most_common(1)[0][0]
        for name in random.sample(files, min(K[sev], len(files))):
            sample.append(random.choice(by[cid][name]))
    json.dump(sample, sys.stdout, indent=1)


if __name__ == '__main__':
    main(sys.argv[1])
