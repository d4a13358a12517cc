#!/usr/bin/perl
# A carrier's SMSC built on Net::SMPP (Debian libnet-smpp-perl), driven by tests/api/carrier-net-smpp-dispatch.test.ts.
# It takes connections one after another, binds transceivers with password "secret", answers submit_sm with an upper
# case hex message id and sends its receipt with the id in decimal, 12-digit dates and no receipted_message_id TLV,
# as many carriers do. The destination's last digit picks what the carrier does with the message:
#   0 delivered; 1 undeliverable; 2 ESME_RTHROTTLED the first time, then delivered; 3 refused for good (0x0B);
#   4 delivered, then the phone replies "TD"; 5 delivered, and once a second message reaches the number the phone
#   answers the first one (a reply addressed to the first message's source, arriving after a later message);
#   9 the connection drops with the submit unanswered.
# Prints one JSON line per event: {"step":"listening","port":N} first.
use strict;
use warnings;
use JSON::PP;
use Net::SMPP;

$| = 1;
my $json = JSON::PP->new->canonical;
sub say_json { print $json->encode({@_}), "\n"; }

my $server = Net::SMPP->new_listen('127.0.0.1', port => 0, smpp_version => 0x34, timeout => 60)
  or die "listen: $!";
say_json(step => 'listening', port => $server->sockport);
my $n = 0;
my %throttled;
my %first_source;
while (my $c = $server->accept) {
  say_json(step => 'connected');
  while (1) {
    my $pdu = $c->read_pdu();
    if (!$pdu) { say_json(step => 'closed'); last; }
    my $cmd = $pdu->{cmd};
    if ($cmd == 0x00000009) {
      my $ok = ($pdu->{password} // '') eq 'secret';
      $c->set_version(0x34);
      $c->bind_transceiver_resp(system_id => 'PERLSMSC', seq => $pdu->{seq}, status => $ok ? 0 : 0x0E);
      say_json(step => 'bind', ok => $ok ? JSON::PP::true : JSON::PP::false);
    } elsif ($cmd == 0x00000004) {
      my $to = $pdu->{destination_addr};
      my $last = substr($to, -1);
      if ($last eq '9') {
        say_json(step => 'drop', destination => $to);
        $c->close;
        last;
      }
      if ($last eq '2' && !$throttled{$to}++) {
        $c->submit_sm_resp(message_id => '', seq => $pdu->{seq}, status => 0x58);
        say_json(step => 'throttled', destination => $to);
        next;
      }
      if ($last eq '3') {
        $c->submit_sm_resp(message_id => '', seq => $pdu->{seq}, status => 0x0B);
        say_json(step => 'refused', destination => $to);
        next;
      }
      $n++;
      my $dec = 1_000_000 + $n;
      my $hex = sprintf('%010X', $dec);
      $c->submit_sm_resp(message_id => $hex, seq => $pdu->{seq});
      say_json(step => 'submit', id => $hex, destination => $to, source => $pdu->{source_addr}, source_ton => $pdu->{source_addr_ton},
        source_npi => $pdu->{source_addr_npi}, esm_class => $pdu->{esm_class}, registered_delivery => $pdu->{registered_delivery});
      my $stat = $last eq '1' ? 'UNDELIV' : 'DELIVRD';
      my $err = $last eq '1' ? '001' : '000';
      my $text = sprintf('id:%d sub:001 dlvrd:%s submit date:261126103000 done date:261126103015 stat:%s err:%s text:x',
        $dec, $stat eq 'DELIVRD' ? '001' : '000', $stat, $err);
      $c->deliver_sm(source_addr => $to, destination_addr => $pdu->{source_addr}, esm_class => 0x04,
        short_message => $text, async => 1);
      if ($last eq '4') {
        $c->deliver_sm(source_addr => $to, destination_addr => $pdu->{source_addr}, esm_class => 0, data_coding => 0,
          short_message => 'TD', async => 1);
      }
      if ($last eq '5') {
        if (!exists $first_source{$to}) {
          $first_source{$to} = $pdu->{source_addr};
        } else {
          $c->deliver_sm(source_addr => $to, destination_addr => $first_source{$to}, esm_class => 0, data_coding => 0,
            short_message => 'Hello back', async => 1);
          say_json(step => 'reply', destination => $to, to => $first_source{$to});
        }
      }
    } elsif ($cmd == 0x80000005) {
      say_json(step => 'deliver_sm_resp', status => $pdu->{status});
    } elsif ($cmd == 0x00000015) {
      $c->enquire_link_resp(seq => $pdu->{seq});
    } elsif ($cmd == 0x00000006) {
      $c->unbind_resp(seq => $pdu->{seq});
      say_json(step => 'unbind');
      $c->close;
      last;
    } else {
      $c->generic_nack(seq => $pdu->{seq}, status => 0x03);
    }
  }
}
