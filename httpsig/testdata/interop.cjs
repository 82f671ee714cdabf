// Cloudflare's web-bot-auth (npm) signs or verifies one request for
// httpsig's interoperability test. NODE_PATH names the node_modules folder
// that holds it. Reads a JSON job on stdin, writes a JSON answer.
const wba = require("web-bot-auth");
const { signerFromJWK, verifierFromJWK } = require("web-bot-auth/crypto");

let input = "";
process.stdin.on("data", (d) => (input += d));
process.stdin.on("end", async () => {
  const job = JSON.parse(input);
  const message = { method: job.method, url: job.url, headers: job.headers };
  try {
    if (job.mode === "sign") {
      const signer = await signerFromJWK(job.jwk);
      const h = await wba.signatureHeaders(message, signer, {
        created: new Date(job.created * 1000),
        expires: new Date(job.expires * 1000),
      });
      process.stdout.write(JSON.stringify({ keyid: signer.keyid, ...h }));
    } else {
      const verifier = await verifierFromJWK(job.jwk);
      await wba.verify(message, verifier);
      process.stdout.write(JSON.stringify({ ok: true }));
    }
  } catch (e) {
    process.stdout.write(JSON.stringify({ error: String(e) }));
  }
});
