// SPDX-License-Identifier: Apache-2.0 OR MIT
// HqcBc.java: Bouncy Castle's HQC (bcprov-jdk18on 1.86, dialect v5.0.0; or 1.87, dialect bc-1.87,
// whose private key is the 32-byte seed: SK below is then that seed) behind a line protocol
// on stdin/stdout, so that one warmed JVM serves a whole test or benchmark
// (tests/test_interop_dialects.py, scripts/bench-peers). Derandomised through FixedSecureRandom:
// keygen reads seed_kem, encapsulation m || salt. Commands (hex arguments, one reply line each):
//   keygen L SEED_KEM        -> PK SK          encaps L PK M_SALT -> CT SS
//   decaps L SK CT           -> SS             rkeygen L / rencaps L PK: the same, random
//   bench L ITERS            -> keygen, encaps, decaps nanoseconds per call (medians), after
//                               ITERS warm-up rounds
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.util.Arrays;

import org.bouncycastle.crypto.AsymmetricCipherKeyPair;
import org.bouncycastle.crypto.SecretWithEncapsulation;
import org.bouncycastle.crypto.prng.FixedSecureRandom;
import org.bouncycastle.pqc.crypto.hqc.HQCKEMExtractor;
import org.bouncycastle.pqc.crypto.hqc.HQCKEMGenerator;
import org.bouncycastle.pqc.crypto.hqc.HQCKeyGenerationParameters;
import org.bouncycastle.pqc.crypto.hqc.HQCKeyPairGenerator;
import org.bouncycastle.pqc.crypto.hqc.HQCParameters;
import org.bouncycastle.pqc.crypto.hqc.HQCPrivateKeyParameters;
import org.bouncycastle.pqc.crypto.hqc.HQCPublicKeyParameters;
import org.bouncycastle.util.encoders.Hex;

public final class HqcBc {
    private static HQCParameters params(String level) {
        switch (level) {
            case "1": return HQCParameters.hqc128;
            case "3": return HQCParameters.hqc192;
            case "5": return HQCParameters.hqc256;
            default: throw new IllegalArgumentException("unknown level " + level);
        }
    }

    private static AsymmetricCipherKeyPair keygen(HQCParameters p, SecureRandom rnd) {
        HQCKeyPairGenerator g = new HQCKeyPairGenerator();
        g.init(new HQCKeyGenerationParameters(rnd, p));
        return g.generateKeyPair();
    }

    private static SecretWithEncapsulation encaps(HQCParameters p, byte[] pk, SecureRandom rnd) {
        return new HQCKEMGenerator(rnd).generateEncapsulated(new HQCPublicKeyParameters(p, pk));
    }

    private static byte[] decaps(HQCParameters p, byte[] sk, byte[] ct) {
        return new HQCKEMExtractor(new HQCPrivateKeyParameters(p, sk)).extractSecret(ct);
    }

    private static String hex(byte[] b) {
        return Hex.toHexString(b);
    }

    private static String keypairLine(AsymmetricCipherKeyPair kp) {
        return hex(((HQCPublicKeyParameters) kp.getPublic()).getEncoded()) + " "
            + hex(((HQCPrivateKeyParameters) kp.getPrivate()).getEncoded());
    }

    private static long median(long[] t) {
        long[] c = t.clone();
        Arrays.sort(c);
        return c[c.length / 2];
    }

    private static String bench(HQCParameters p, int iters) {
        SecureRandom rnd = new SecureRandom();
        long[][] t = new long[3][iters];
        for (int round = 0; round < 2; round++) { // round 0 warms the JIT up, round 1 is timed
            for (int i = 0; i < iters; i++) {
                long t0 = System.nanoTime();
                AsymmetricCipherKeyPair kp = keygen(p, rnd);
                long t1 = System.nanoTime();
                byte[] pk = ((HQCPublicKeyParameters) kp.getPublic()).getEncoded();
                byte[] sk = ((HQCPrivateKeyParameters) kp.getPrivate()).getEncoded();
                long t2 = System.nanoTime();
                SecretWithEncapsulation e = encaps(p, pk, rnd);
                long t3 = System.nanoTime();
                byte[] ss = decaps(p, sk, e.getEncapsulation());
                long t4 = System.nanoTime();
                if (!Arrays.equals(ss, e.getSecret()))
                    throw new IllegalStateException("bench: round trip failed");
                t[0][i] = t1 - t0;
                t[1][i] = t3 - t2;
                t[2][i] = t4 - t3;
            }
        }
        return median(t[0]) + " " + median(t[1]) + " " + median(t[2]);
    }

    private static String serve(String[] a) {
        HQCParameters p = params(a[1]);
        switch (a[0]) {
            case "keygen":
                return keypairLine(keygen(p, new FixedSecureRandom(Hex.decode(a[2]))));
            case "rkeygen":
                return keypairLine(keygen(p, new SecureRandom()));
            case "encaps":
            case "rencaps": {
                SecureRandom rnd = a[0].equals("encaps") ? new FixedSecureRandom(Hex.decode(a[3])) : new SecureRandom();
                SecretWithEncapsulation e = encaps(p, Hex.decode(a[2]), rnd);
                return hex(e.getEncapsulation()) + " " + hex(e.getSecret());
            }
            case "decaps":
                return hex(decaps(p, Hex.decode(a[2]), Hex.decode(a[3])));
            case "bench":
                return bench(p, Integer.parseInt(a[2]));
            default:
                throw new IllegalArgumentException("unknown command " + a[0]);
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in), 1 << 16);
        PrintStream out = new PrintStream(System.out, false);
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isEmpty())
                continue;
            try {
                out.println(serve(line.trim().split(" ")));
            } catch (RuntimeException e) {
                out.println("error " + e);
            }
            out.flush();
        }
    }
}
