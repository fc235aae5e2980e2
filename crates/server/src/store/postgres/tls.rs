//! TLS to PostgreSQL, with the meaning libpq gives a URL's `sslmode`,
//! `sslrootcert`, `sslcert` and `sslkey`, so that an operator's libpq URL
//! means the same here.
//!
//! tokio-postgres reads only `disable`, `prefer` and `require`, and no
//! certificate files: [`split`] takes these options out of the URL and
//! leaves the rest to tokio-postgres; [`connector`] makes the one rustls
//! connector the pool and the listening connection share, whose certificate
//! check is the mode's and which shows the client certificate if given.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::client::{verify_server_cert_signed_by_trust_anchor, verify_server_name};
use rustls::crypto::{CryptoProvider, verify_tls12_signature, verify_tls13_signature};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, ServerName, UnixTime};
use rustls::server::ParsedCertificate;
use rustls::{
    AlertDescription, CertificateError, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use tokio_postgres_rustls::MakeRustlsConnect;

/// Why a URL's TLS options or the files they name cannot be used. Each
/// message is one line that says what to do, without the URL (the caller
/// names the URL, without its password, or the server). An underlying error
/// is part of that line, so it is not also given as a source: a chain
/// printer would say it twice.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TlsError {
    /// `sslrootcert=` with no file.
    #[error("sslrootcert is empty: give a CA certificate file")]
    EmptyRootCert,
    /// `sslcert=` or `sslkey=` with no file.
    #[error("{0} is empty: give a file in PEM")]
    EmptyFile(&'static str),
    /// `sslpassword`: an encrypted key is not read.
    #[error(
        "sslpassword is not supported: kyoku reads only a key that is not encrypted \
         (decrypt it with `openssl pkey -in KEY -out PLAIN`, readable by kyoku alone)"
    )]
    Password,
    /// `sslcert` without `sslkey`.
    #[error("sslcert needs sslkey: give the key's file too")]
    CertWithoutKey,
    /// `sslkey` without `sslcert`.
    #[error("sslkey needs sslcert: give the certificate too")]
    KeyWithoutCert,
    /// `sslrootcert=system` in a mode that does not check the host.
    #[error("sslrootcert=system needs sslmode=verify-full (not {})", .0.name())]
    SystemRootsNeedHost(SslMode),
    /// `sslmode=allow`.
    #[error(
        "sslmode=allow is not supported: use prefer (TLS when the server offers it) or disable"
    )]
    Allow,
    /// An `sslmode` libpq does not know either.
    #[error("sslmode {0:?} is none of disable, prefer, require, verify-ca, verify-full")]
    UnknownMode(String),
    /// A key or value of the query whose percent-escapes are not UTF-8.
    #[error("{0:?} is not UTF-8 once percent-decoded")]
    NotUtf8(String),
    /// rustls refused its own setup.
    #[error("TLS setup: {0}")]
    Setup(rustls::Error),
    /// A file cannot be read.
    #[error("cannot read {option} {}: {error}", .path.display())]
    Read {
        /// `sslrootcert`, `sslcert` or `sslkey`.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// A certificate file that is not PEM.
    #[error("{option} {} is not valid PEM: {error}", .path.display())]
    NotPem {
        /// `sslrootcert` or `sslcert`.
        option: &'static str,
        /// The file.
        path: PathBuf,
        /// What the PEM reader said.
        error: rustls::pki_types::pem::Error,
    },
    /// A CA certificate rustls cannot use.
    #[error("sslrootcert {} holds a bad CA certificate: {error}", .path.display())]
    BadRoot {
        /// The file.
        path: PathBuf,
        /// What rustls said.
        error: rustls::Error,
    },
    /// An `sslrootcert` file with no certificate in it.
    #[error(
        "sslrootcert {} holds no certificate (want the CA's certificate in PEM, \
         -----BEGIN CERTIFICATE-----)",
        .0.display()
    )]
    NoRoot(PathBuf),
    /// An `sslcert` file with no certificate in it.
    #[error("sslcert {} holds no certificate (want -----BEGIN CERTIFICATE-----)", .0.display())]
    NoCert(PathBuf),
    /// An encrypted `sslkey`.
    #[error(
        "sslkey {} is encrypted, which kyoku cannot read (decrypt it with \
         `openssl pkey -in KEY -out PLAIN`, readable by kyoku alone)",
        .0.display()
    )]
    EncryptedKey(PathBuf),
    /// An `sslkey` file with no key in it.
    #[error(
        "sslkey {} holds no private key in PEM ({error}; want -----BEGIN PRIVATE KEY-----)",
        .path.display()
    )]
    NoKey {
        /// The file.
        path: PathBuf,
        /// What the PEM reader said.
        error: rustls::pki_types::pem::Error,
    },
    /// A key that is not the certificate's.
    #[error(
        "sslkey {} does not go with sslcert {}: {error}",
        .key.display(),
        .cert.display()
    )]
    KeyMismatch {
        /// The key's file.
        key: PathBuf,
        /// The certificate's file.
        cert: PathBuf,
        /// What rustls said.
        error: rustls::Error,
    },
    /// No CA certificate in the system's store.
    #[error(
        "no trusted CA certificates found on this system{why}: give the server's CA \
         with sslrootcert=FILE"
    )]
    NoSystemRoots {
        /// The first error met reading the store, as ` (…)`, or nothing.
        why: String,
    },
}

/// How much TLS a connection needs and what of the server's certificate is
/// checked: libpq's `sslmode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SslMode {
    /// Plain text only.
    Disable,
    /// TLS if the server offers it, else plain text (libpq's default).
    Prefer,
    /// TLS or no connection.
    Require,
    /// TLS, and the certificate chain leads to a trusted CA.
    VerifyCa,
    /// As [`SslMode::VerifyCa`], and the certificate names the host.
    VerifyFull,
}

impl SslMode {
    /// The option's value in a URL.
    pub(crate) fn name(self) -> &'static str {
        match self {
            SslMode::Disable => "disable",
            SslMode::Prefer => "prefer",
            SslMode::Require => "require",
            SslMode::VerifyCa => "verify-ca",
            SslMode::VerifyFull => "verify-full",
        }
    }

    /// What tokio-postgres is told: whether TLS may, or must, be used (it
    /// knows nothing of verification, which is the connector's).
    pub(crate) fn negotiation(self) -> tokio_postgres::config::SslMode {
        use tokio_postgres::config::SslMode as Tp;
        match self {
            SslMode::Disable => Tp::Disable,
            SslMode::Prefer => Tp::Prefer,
            SslMode::Require | SslMode::VerifyCa | SslMode::VerifyFull => Tp::Require,
        }
    }
}

/// Whose CAs a certificate chain must lead to (`sslrootcert`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Roots {
    /// None given.
    Unset,
    /// The CA certificates in a PEM file.
    File(PathBuf),
    /// The system's trusted CAs (`sslrootcert=system`, as in libpq 16).
    System,
}

/// A certificate to log in with (`sslcert`) and its key (`sslkey`), for a
/// server whose `pg_hba.conf` says `cert` (or `clientcert=verify-…`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ClientCert {
    /// The certificate (chain) in PEM.
    pub cert: PathBuf,
    /// Its private key in PEM, not encrypted.
    pub key: PathBuf,
}

/// The TLS options of a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TlsOptions {
    /// `sslmode` (default `prefer`).
    pub mode: SslMode,
    /// `sslrootcert`.
    pub roots: Roots,
    /// `sslcert` and `sslkey`, if given.
    pub client: Option<ClientCert>,
}

/// A URL without the options [`split`] read, and those options.
#[derive(Debug)]
pub(crate) struct Split {
    /// The URL for tokio-postgres.
    pub rest: String,
    /// What was read.
    pub tls: TlsOptions,
}

/// Takes `sslmode` and `sslrootcert` out of a `postgres://` URL's query.
/// Errors are one line without the URL (the caller names it, without its
/// password). A URL that is not of the `scheme://` form is left whole.
pub(crate) fn split(url: &str) -> Result<Split, TlsError> {
    let mut tls = TlsOptions {
        mode: SslMode::Prefer,
        roots: Roots::Unset,
        client: None,
    };
    // Where the query starts, found as tokio-postgres finds it: the
    // credentials run to the first '@' (a password may hold '?').
    let Some(scheme_end) = url.find("://").map(|i| i + 3) else {
        return Ok(Split {
            rest: url.to_string(),
            tls,
        });
    };
    let after_creds = url[scheme_end..]
        .find('@')
        .map_or(scheme_end, |i| scheme_end + i + 1);
    let Some(q) = url[after_creds..].find('?').map(|i| after_creds + i) else {
        return Ok(Split {
            rest: url.to_string(),
            tls,
        });
    };
    let mut kept = Vec::new();
    let mut mode = None;
    let (mut cert_file, mut key_file) = (None, None);
    for pair in url[q + 1..].split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match decode(key)?.as_str() {
            "sslmode" => mode = Some(read_mode(&decode(value)?)?),
            "sslrootcert" => {
                let v = decode(value)?;
                tls.roots = match v.as_str() {
                    "" => return Err(TlsError::EmptyRootCert),
                    "system" => Roots::System,
                    _ => Roots::File(PathBuf::from(v)),
                };
            }
            name @ ("sslcert" | "sslkey") => {
                let v = decode(value)?;
                if v.is_empty() {
                    // The parameter's name, as a static for the error.
                    let name = if name == "sslcert" {
                        "sslcert"
                    } else {
                        "sslkey"
                    };
                    return Err(TlsError::EmptyFile(name));
                }
                let slot = if name == "sslcert" {
                    &mut cert_file
                } else {
                    &mut key_file
                };
                *slot = Some(PathBuf::from(v));
            }
            "sslpassword" => return Err(TlsError::Password),
            _ => kept.push(pair),
        }
    }
    tls.mode = mode.unwrap_or(SslMode::Prefer);
    tls.client = match (cert_file, key_file) {
        (Some(cert), Some(key)) => Some(ClientCert { cert, key }),
        (None, None) => None,
        // libpq would look in ~/.postgresql for the other; a server process
        // has no home worth trusting, so both are named.
        (Some(_), None) => return Err(TlsError::CertWithoutKey),
        (None, Some(_)) => return Err(TlsError::KeyWithoutCert),
    };
    if tls.roots == Roots::System && tls.mode != SslMode::VerifyFull {
        // As libpq: trusting any public CA is safe only with the host checked.
        return Err(TlsError::SystemRootsNeedHost(tls.mode));
    }
    let mut rest = url[..q].to_string();
    if !kept.is_empty() {
        rest.push('?');
        rest.push_str(&kept.join("&"));
    }
    Ok(Split { rest, tls })
}

/// Reads `sslmode`'s value.
fn read_mode(v: &str) -> Result<SslMode, TlsError> {
    Ok(match v {
        "disable" => SslMode::Disable,
        "prefer" => SslMode::Prefer,
        "require" => SslMode::Require,
        "verify-ca" => SslMode::VerifyCa,
        "verify-full" => SslMode::VerifyFull,
        "allow" => return Err(TlsError::Allow),
        _ => return Err(TlsError::UnknownMode(v.to_string())),
    })
}

/// Percent-decodes a query's key or value (as tokio-postgres does).
fn decode(s: &str) -> Result<String, TlsError> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).and_then(|&c| hex(c)),
            b.get(i + 2).and_then(|&c| hex(c)),
        ) {
            (b'%', Some(h), Some(l)) => {
                // Two hex digits are below 256.
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| TlsError::NotUtf8(s.to_string()))
}

/// The rustls connector for `tls`, shared by every connection of a store.
/// Reads the `sslrootcert` file or the system's CAs now, so that a bad file
/// is reported when the store opens rather than at each connection.
pub(crate) fn connector(tls: &TlsOptions) -> Result<MakeRustlsConnect, TlsError> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let roots = match (&tls.roots, tls.mode) {
        (_, SslMode::Disable) => None,
        (Roots::File(path), _) => Some(roots_from_file(path)?),
        // libpq checks the chain in require (and prefer) only when given a CA.
        (Roots::Unset, SslMode::Prefer | SslMode::Require) => None,
        (Roots::System | Roots::Unset, _) => Some(system_roots()?),
    };
    let verifier = Verifier {
        roots: roots.map(Arc::new),
        check_name: tls.mode == SslMode::VerifyFull,
        provider: provider.clone(),
    };
    let builder = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(TlsError::Setup)?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier));
    let mut config = match (&tls.client, tls.mode) {
        (Some(c), mode) if mode != SslMode::Disable => {
            let (chain, key) = client_cert(c)?;
            builder
                .with_client_auth_cert(chain, key)
                .map_err(|error| TlsError::KeyMismatch {
                    key: c.key.clone(),
                    cert: c.cert.clone(),
                    error,
                })?
        }
        _ => builder.with_no_client_auth(),
    };
    // PostgreSQL 17 asks for this with direct TLS; earlier ones ignore it.
    config.alpn_protocols = vec![b"postgresql".to_vec()];
    Ok(MakeRustlsConnect::new(config))
}

/// The CA certificates of a PEM file.
fn roots_from_file(path: &Path) -> Result<RootCertStore, TlsError> {
    let pem = read("sslrootcert", path)?;
    let mut roots = RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(&pem) {
        let cert = cert.map_err(|error| TlsError::NotPem {
            option: "sslrootcert",
            path: path.to_path_buf(),
            error,
        })?;
        roots.add(cert).map_err(|error| TlsError::BadRoot {
            path: path.to_path_buf(),
            error,
        })?;
    }
    if roots.is_empty() {
        return Err(TlsError::NoRoot(path.to_path_buf()));
    }
    Ok(roots)
}

/// The certificate chain and key of `c`, read now so that a bad file is
/// named when the store opens.
fn client_cert(
    c: &ClientCert,
) -> Result<(Vec<CertificateDer<'static>>, PrivateKeyDer<'static>), TlsError> {
    let pem = read("sslcert", &c.cert)?;
    let chain = CertificateDer::pem_slice_iter(&pem)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|error| TlsError::NotPem {
            option: "sslcert",
            path: c.cert.clone(),
            error,
        })?;
    if chain.is_empty() {
        return Err(TlsError::NoCert(c.cert.clone()));
    }
    let pem = read("sslkey", &c.key)?;
    if pem.windows(9).any(|w| w == b"ENCRYPTED") {
        return Err(TlsError::EncryptedKey(c.key.clone()));
    }
    let key = PrivateKeyDer::from_pem_slice(&pem).map_err(|error| TlsError::NoKey {
        path: c.key.clone(),
        error,
    })?;
    Ok((chain, key))
}

/// The bytes of the file an option names.
fn read(option: &'static str, path: &Path) -> Result<Vec<u8>, TlsError> {
    std::fs::read(path).map_err(|error| TlsError::Read {
        option,
        path: path.to_path_buf(),
        error,
    })
}

/// The system's trusted CAs.
fn system_roots() -> Result<RootCertStore, TlsError> {
    let found = rustls_native_certs::load_native_certs();
    let mut roots = RootCertStore::empty();
    let (added, _ignored) = roots.add_parsable_certificates(found.certs);
    if added == 0 {
        let why = found
            .errors
            .first()
            .map(|e| format!(" ({e})"))
            .unwrap_or_default();
        return Err(TlsError::NoSystemRoots { why });
    }
    Ok(roots)
}

/// Checks a server's certificate as the mode says: not at all without
/// roots, else the chain up to them, and the host name if asked.
#[derive(Debug)]
struct Verifier {
    roots: Option<Arc<RootCertStore>>,
    check_name: bool,
    provider: Arc<CryptoProvider>,
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(roots) = &self.roots else {
            return Ok(ServerCertVerified::assertion());
        };
        let cert = ParsedCertificate::try_from(end_entity)?;
        verify_server_cert_signed_by_trust_anchor(
            &cert,
            roots,
            intermediates,
            now,
            self.provider.signature_verification_algorithms.all,
        )?;
        if self.check_name {
            verify_server_name(&cert, server_name)?;
        }
        Ok(ServerCertVerified::assertion())
    }

    // The handshake's signatures are checked in every mode: they prove the
    // server holds the key of the certificate it showed.
    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// Why a connection's TLS failed, in words, if it did: `None` for any
/// other failure. `host` is the name the certificate was checked against.
pub(crate) fn failure(e: &tokio_postgres::Error, host: &str) -> Option<String> {
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        // tokio-rustls wraps rustls's error in an io::Error, whose
        // `source` skips it: look inside.
        let inner = s
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .and_then(|i| i.downcast_ref::<rustls::Error>());
        if let Some(r) = inner.or_else(|| s.downcast_ref::<rustls::Error>()) {
            return Some(explain(r, host));
        }
        if s.to_string() == "server does not support TLS" {
            return Some(
                "the server does not offer TLS, which the sslmode demands (turn ssl \
                         on in the server's configuration, or use sslmode=prefer)"
                    .into(),
            );
        }
        source = s.source();
    }
    None
}

/// A rustls failure in words a person can act on.
fn explain(e: &rustls::Error, host: &str) -> String {
    let cert = |why: String| format!("its TLS certificate does not verify: {why}");
    match e {
        rustls::Error::InvalidCertificate(c) => match c {
            CertificateError::UnknownIssuer => cert(
                "it is not signed by a CA kyoku trusts (sslrootcert=FILE names the CA \
                 to trust)"
                    .into(),
            ),
            CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. } => {
                cert(format!(
                    "it is not made for the host name {host:?} ({c}); connect by a name it \
                     holds, or use sslmode=verify-ca"
                ))
            }
            CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
                cert(format!("it has expired ({c})"))
            }
            other => cert(other.to_string()),
        },
        rustls::Error::AlertReceived(AlertDescription::CertificateRequired) => {
            "the server asks for a client certificate: give sslcert and sslkey".into()
        }
        rustls::Error::AlertReceived(
            a @ (AlertDescription::UnknownCA
            | AlertDescription::BadCertificate
            | AlertDescription::CertificateUnknown
            | AlertDescription::CertificateExpired
            | AlertDescription::AccessDenied),
        ) => format!(
            "the server refused kyoku's client certificate ({a:?}): sslcert must be \
             signed by a CA of the server's ssl_ca_file, and be valid now"
        ),
        other => format!("the TLS handshake failed: {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn tls(url: &str) -> TlsOptions {
        split(url).unwrap().tls
    }

    #[test]
    fn the_default_is_prefer_without_roots() {
        let s = split("postgres://u:p@h/db").unwrap();
        assert_eq!(s.rest, "postgres://u:p@h/db");
        assert_eq!(s.tls.mode, SslMode::Prefer);
        assert_eq!(s.tls.roots, Roots::Unset);
    }

    #[test]
    fn tls_options_are_taken_out_and_the_rest_kept() {
        let s = split(
            "postgres://u:p@h:5/db?connect_timeout=2&sslmode=verify-full\
             &sslrootcert=%2Fetc%2Fca.pem&application_name=x",
        )
        .unwrap();
        assert_eq!(
            s.rest,
            "postgres://u:p@h:5/db?connect_timeout=2&application_name=x"
        );
        assert_eq!(s.tls.mode, SslMode::VerifyFull);
        assert_eq!(s.tls.roots, Roots::File("/etc/ca.pem".into()));
        let s = split("postgres://h/db?sslmode=require").unwrap();
        assert_eq!(s.rest, "postgres://h/db");
    }

    #[test]
    fn every_libpq_mode_is_read() {
        for (v, m) in [
            ("disable", SslMode::Disable),
            ("prefer", SslMode::Prefer),
            ("require", SslMode::Require),
            ("verify-ca", SslMode::VerifyCa),
            ("verify-full", SslMode::VerifyFull),
        ] {
            assert_eq!(tls(&format!("postgres://h?sslmode={v}")).mode, m);
            assert_eq!(m.name(), v);
        }
    }

    #[test]
    fn a_password_with_a_question_mark_is_not_a_query() {
        let s = split("postgres://u:a?sslmode=x@h/db?sslmode=require").unwrap();
        assert_eq!(s.rest, "postgres://u:a?sslmode=x@h/db");
        assert_eq!(s.tls.mode, SslMode::Require);
    }

    #[test]
    fn bad_values_are_refused_with_what_to_do() {
        for (url, says) in [
            ("postgres://h?sslmode=strict", "none of disable"),
            ("postgres://h?sslmode=allow", "use prefer"),
            ("postgres://h?sslrootcert=", "give a CA"),
            (
                "postgres://h?sslrootcert=system",
                "needs sslmode=verify-full",
            ),
            ("postgres://h?sslcert=c.pem", "sslcert needs sslkey"),
            ("postgres://h?sslkey=k.pem", "sslkey needs sslcert"),
            ("postgres://h?sslcert=&sslkey=k.pem", "sslcert is empty"),
            ("postgres://h?sslpassword=x", "decrypt it"),
            ("postgres://h?sslmode=%ff", "not UTF-8"),
        ] {
            let e = split(url).unwrap_err().to_string();
            assert!(e.contains(says), "{url}: {e}");
        }
        assert_eq!(
            tls("postgres://h?sslmode=verify-full&sslrootcert=system").roots,
            Roots::System
        );
    }

    #[test]
    fn a_bad_root_file_is_named() {
        let refusal = |o: &TlsOptions| connector(o).err().expect("refused").to_string();
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("missing.pem");
        let options = |p: &std::path::Path| TlsOptions {
            mode: SslMode::VerifyCa,
            roots: Roots::File(p.to_path_buf()),
            client: None,
        };
        let e = refusal(&options(&missing));
        assert!(
            e.contains("cannot read sslrootcert") && e.contains("missing.pem"),
            "{e}"
        );
        let empty = dir.path().join("empty.pem");
        std::fs::write(&empty, "no pem here\n").unwrap();
        let e = refusal(&options(&empty));
        assert!(e.contains("holds no certificate"), "{e}");
        let bad = dir.path().join("bad.pem");
        std::fs::write(
            &bad,
            "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
        )
        .unwrap();
        let e = refusal(&options(&bad));
        assert!(e.contains("bad CA certificate"), "{e}");
    }

    #[test]
    fn no_roots_are_read_where_none_are_checked() {
        for mode in [SslMode::Disable, SslMode::Prefer, SslMode::Require] {
            let options = TlsOptions {
                mode,
                roots: Roots::Unset,
                client: None,
            };
            assert!(connector(&options).is_ok());
        }
    }

    #[test]
    fn client_certificate_files_are_taken_out_and_read_at_open() {
        let s = split("postgres://u@h/db?sslcert=%2Fk%2Fc.pem&sslkey=k.pem&x=1").unwrap();
        assert_eq!(s.rest, "postgres://u@h/db?x=1");
        let client = s.tls.client.expect("a client certificate");
        assert_eq!(
            (client.cert.to_str(), client.key.to_str()),
            (Some("/k/c.pem"), Some("k.pem"))
        );

        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, text: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        let cert_pem = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        let refusal = |mode: SslMode, cert: &std::path::Path, key: &std::path::Path| {
            let options = TlsOptions {
                mode,
                roots: Roots::Unset,
                client: Some(ClientCert {
                    cert: cert.to_path_buf(),
                    key: key.to_path_buf(),
                }),
            };
            connector(&options).err().map(|e| e.to_string())
        };
        let missing = dir.path().join("missing.pem");
        let cert = file("c.pem", cert_pem);
        let e = refusal(SslMode::Require, &missing, &cert).expect("refused");
        assert!(
            e.contains("cannot read sslcert") && e.contains("missing.pem"),
            "{e}"
        );
        let e = refusal(SslMode::Prefer, &file("none.pem", "x\n"), &cert).expect("refused");
        assert!(e.contains("holds no certificate"), "{e}");
        let e = refusal(SslMode::Prefer, &cert, &missing).expect("refused");
        assert!(e.contains("cannot read sslkey"), "{e}");
        let e = refusal(SslMode::Prefer, &cert, &cert).expect("refused");
        assert!(e.contains("holds no private key"), "{e}");
        let sealed =
            "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n";
        let e = refusal(SslMode::Prefer, &cert, &file("sealed.pem", sealed)).expect("refused");
        assert!(e.contains("is encrypted"), "{e}");
        // Without TLS the files are not used, so not read (as libpq).
        assert_eq!(refusal(SslMode::Disable, &missing, &missing), None);
    }

    proptest! {
        #[test]
        fn reading_never_panics(s in ".*") {
            let _ = split(&s);
            let _ = split(&format!("postgres://u:p@h/db?{s}"));
        }

        #[test]
        fn other_options_pass_through(k in "[a-z_]{1,12}", v in "[a-zA-Z0-9_.-]{0,12}") {
            prop_assume!(!k.starts_with("ssl"));
            let url = format!("postgres://h/db?{k}={v}&sslmode=require");
            let s = split(&url).unwrap();
            prop_assert_eq!(s.rest, format!("postgres://h/db?{k}={v}"));
        }
    }
}
