import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isCommandLike } from '../../src/rules/command.js';

describe('isCommandLike: which approval details are shown as a command, with Copy', () => {
  it('a single line that starts with a program is a command', () => {
    for (const line of [
      'kubectl rollout restart deploy/worker -n staging',
      'kubectl delete namespace preview-42',
      'git push --force origin main',
      'docker compose up -d',
      'terraform apply',
      'rm -rf ./build',
      'sudo systemctl restart nginx',
      './scripts/migrate.sh production',
      'psql -c "DROP TABLE sessions"',
      '  kubectl get pods  ',
    ]) {
      assert.equal(isCommandLike(line), true, line);
    }
  });

  it('a lower-case word with options is a command', () => {
    for (const line of ['deploy --env prod', 'migrate-db -y', 'backup.sh --target s3://bucket']) assert.equal(isCommandLike(line), true, line);
  });

  it('a line marked as one ($, indent, tab) is a command, as before', () => {
    for (const text of ['$ kubectl rollout restart deploy/worker -n staging', 'run:\n  - build', 'a\tb']) assert.equal(isCommandLike(text), true, text);
  });

  it('a sentence is not, even one with a dash or a program named inside', () => {
    for (const line of [
      'Restarts the worker in staging',
      'Deploy v2.3 to production',
      'Runs kubectl rollout restart on the worker',
      'make sure the cache is cleared first',
      'find the old logs and archive them',
      'the cache -- all of it -- is cleared',
      'https://example.com/deploy --now',
      '重启 staging 的 worker',
      '',
    ]) {
      assert.equal(isCommandLike(line), false, line);
    }
  });

  it('several unmarked lines are not one command (the card shows them as a block for their lines anyway)', () => {
    assert.equal(isCommandLike('commit 8f3e2a1\nservices: api, worker, web'), false);
  });
});
