//! Which requests the server answers. A server that listens on this
//! machine only (a loopback address, the default) answers only requests
//! addressed to it: their `Host` must name the address it serves
//! (`127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT`, or the loopback
//! address it listens on), and their `Origin`, when the browser sends one,
//! must be `http://` and such a host. Anything else is refused with 403
//! and the server's usual error body, so that a page on another site
//! cannot reach the server through a name it controls (DNS rebinding) nor
//! post to it from its own origin. A server opened to a network with
//! `--host` answers any `Host` (it is reachable by whatever name the
//! network gives it).

use crate::error::ApiError;
use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// The hosts a server answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostCheck {
    /// Any host: the server is open to a network.
    Any,
    /// Only this machine's names for the loopback address `ip`, port
    /// `port`.
    Loopback {
        /// The loopback address listened on.
        ip: IpAddr,
        /// The port listened on.
        port: u16,
    },
}

impl HostCheck {
    /// The check for a server listening on `addr`.
    pub fn for_address(addr: SocketAddr) -> HostCheck {
        if addr.ip().is_loopback() {
            HostCheck::Loopback {
                ip: addr.ip(),
                port: addr.port(),
            }
        } else {
            HostCheck::Any
        }
    }

    /// The check for a server configured to listen on `host`, `port`
    /// (before it listens: `tsumi serve` uses the address it got, which
    /// tells the port 0 stands for). `localhost` is a loopback address;
    /// another name is taken as a network's.
    pub fn for_host(host: &str, port: u16) -> HostCheck {
        let ip = if host.eq_ignore_ascii_case("localhost") {
            Some(IpAddr::V4(Ipv4Addr::LOCALHOST))
        } else {
            host.trim_start_matches('[')
                .trim_end_matches(']')
                .parse::<IpAddr>()
                .ok()
        };
        match ip {
            Some(ip) => HostCheck::for_address(SocketAddr::new(ip, port)),
            None => HostCheck::Any,
        }
    }

    /// True when a request whose `Host` is `host` (`name[:port]`) is
    /// answered.
    pub fn allows_host(&self, host: &str) -> bool {
        let HostCheck::Loopback { ip, port } = self else {
            return true;
        };
        let (name, given_port) = split_host(host);
        let port_ok = match given_port {
            Some(p) => p == Some(*port),
            // No port: the scheme's default.
            None => *port == 80,
        };
        if !port_ok {
            return false;
        }
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let bare = name.trim_start_matches('[').trim_end_matches(']');
        match bare.parse::<IpAddr>() {
            Ok(a) => {
                a == *ip
                    || a == IpAddr::V4(Ipv4Addr::LOCALHOST)
                    || a == IpAddr::V6(Ipv6Addr::LOCALHOST)
            }
            Err(_) => false,
        }
    }

    /// True when a request sent with `Origin: origin` is answered: the
    /// page's own origin, `http://` and an allowed host.
    pub fn allows_origin(&self, origin: &str) -> bool {
        if *self == HostCheck::Any {
            return true;
        }
        match origin.strip_prefix("http://") {
            Some(host) => !host.contains('/') && self.allows_host(host),
            None => false,
        }
    }
}

/// `name[:port]` split: the name (`[::1]` keeps its brackets) and the
/// port, `Some(None)` when it is not a port number.
fn split_host(host: &str) -> (&str, Option<Option<u16>>) {
    let colon = if host.starts_with('[') {
        host.find(']')
            .and_then(|end| host[end + 1..].starts_with(':').then_some(end + 1))
    } else {
        host.rfind(':')
    };
    match colon {
        Some(i) => (&host[..i], Some(host[i + 1..].parse().ok())),
        None => (host, None),
    }
}

/// The middleware: answers a request the server's [`HostCheck`] allows,
/// refuses any other with 403.
pub async fn guard(State(app): State<AppState>, req: Request, next: Next) -> Response {
    let check: &HostCheck = &app.host_check;
    if *check != HostCheck::Any {
        let host = req
            .uri()
            .authority()
            .map(|a| a.as_str().to_string())
            .or_else(|| {
                req.headers()
                    .get(header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .map(str::to_string)
            });
        let Some(host) = host else {
            return refused(
                "the request names no host (Host header)".to_string(),
                "要求にホスト名（Host ヘッダー）がありません".to_string(),
            );
        };
        if !check.allows_host(&host) {
            return refused(
                format!(
                    "this server answers only requests to {}, not to {host}",
                    check.served()
                ),
                format!(
                    "このサーバーは {} への要求にだけ答えます（{host} 宛ては受け付けません）",
                    check.served()
                ),
            );
        }
        if let Some(origin) = req.headers().get(header::ORIGIN) {
            let origin = String::from_utf8_lossy(origin.as_bytes()).into_owned();
            if !check.allows_origin(&origin) {
                return refused(
                    format!("this server answers only its own page, not a page from {origin}"),
                    format!("このサーバーは自身のページにだけ答えます（{origin} のページからの要求は受け付けません）"),
                );
            }
        }
    }
    next.run(req).await
}

impl HostCheck {
    /// The address served, as the refusal names it.
    fn served(&self) -> String {
        match self {
            HostCheck::Any => "any host".to_string(),
            HostCheck::Loopback { port, .. } => format!("127.0.0.1:{port} or localhost:{port}"),
        }
    }
}

fn refused(message: String, message_ja: String) -> Response {
    ApiError::new(StatusCode::FORBIDDEN, message, message_ja)
        .with_code(crate::error::codes::FORBIDDEN_HOST, serde_json::json!({}))
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn local(port: u16) -> HostCheck {
        HostCheck::for_host("127.0.0.1", port)
    }

    #[test]
    fn loopback_names_with_the_port_pass() {
        let c = local(8080);
        for h in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LocalHost:8080",
            "[::1]:8080",
        ] {
            assert!(c.allows_host(h), "{h}");
        }
        for h in [
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost",
            "evil.example:8080",
            "127.0.0.1.evil.example:8080",
            "localhost.evil.example:8080",
            "[::1]",
            "[::1]:x",
            "10.0.0.1:8080",
            "",
        ] {
            assert!(!c.allows_host(h), "{h}");
        }
        // Port 80 may go unwritten.
        assert!(local(80).allows_host("localhost"));
        // The loopback address listened on is one of its names.
        let c = HostCheck::for_host("127.0.0.2", 9000);
        assert!(c.allows_host("127.0.0.2:9000") && c.allows_host("localhost:9000"));
        let c = HostCheck::for_host("::1", 9000);
        assert!(c.allows_host("[::1]:9000") && c.allows_host("127.0.0.1:9000"));
        assert_eq!(
            HostCheck::for_host("localhost", 1),
            HostCheck::Loopback {
                ip: IpAddr::V4(Ipv4Addr::LOCALHOST),
                port: 1
            }
        );
    }

    #[test]
    fn origins_are_the_page_itself() {
        let c = local(8080);
        assert!(c.allows_origin("http://127.0.0.1:8080"));
        assert!(c.allows_origin("http://localhost:8080"));
        for o in [
            "null",
            "https://127.0.0.1:8080",
            "http://evil.example",
            "http://evil.example:8080",
            "http://127.0.0.1:8081",
            "http://127.0.0.1:8080/x",
        ] {
            assert!(!c.allows_origin(o), "{o}");
        }
    }

    #[test]
    fn a_network_server_answers_any_host() {
        for host in ["0.0.0.0", "192.168.1.5", "::", "my-machine.lan"] {
            let c = HostCheck::for_host(host, 8080);
            assert_eq!(c, HostCheck::Any, "{host}");
            assert!(c.allows_host("anything:1") && c.allows_origin("http://x"));
        }
    }
}
