#!/usr/bin/perl
# A minimal SMSC built on Net::SMPP (Debian libnet-smpp-perl), driven by tests/api/carrier-net-smpp.test.ts: it
# takes one connection, binds a transceiver with password "secret", answers each submit_sm with a message id in hex
# (upper case, leading zeros) and then sends its delivery receipt as deliver_sm, the way carriers do: the id written
# in decimal in the receipt text, 12-digit dates, and no receipted_message_id TLV. Prints one JSON line per event.
#   net-smpp-smsc.pl  - prints {"step":"listening","port":N} first
use strict;
use warnings;
use JSON::PP;
use Net::SMPP;

$| = 1;
my $json = JSON::PP->new->canonical;
sub say_json { print $json->encode({@_}), "\n"; }

my $server = Net::SMPP->new_listen('127.0.0.1', port => 0, smpp_version => 0x34, timeout => 30)
  or die "listen: $!";
say_json(step => 'listening', port => $server->sockport);
my $c = $server->accept or die "accept: $!";
my $n = 0;
while (1) {
  my $pdu = $c->read_pdu();
  if (!$pdu) { say_json(step => 'closed'); exit 0; }
  my $cmd = $pdu->{cmd};
  if ($cmd == 0x00000009) {
    my $ok = ($pdu->{password} // '') eq 'secret';
    $c->set_version(0x34);
    $c->bind_transceiver_resp(system_id => 'PERLSMSC', seq => $pdu->{seq}, status => $ok ? 0 : 0x0E);
    say_json(step => 'bind', system_id => $pdu->{system_id}, ok => $ok ? JSON::PP::true : JSON::PP::false);
  } elsif ($cmd == 0x00000004) {
    $n++;
    my $dec = 1_000_000 + $n;
    my $hex = sprintf('%010X', $dec);
    $c->submit_sm_resp(message_id => $hex, seq => $pdu->{seq});
    say_json(step => 'submit', id => $hex, destination => $pdu->{destination_addr}, registered_delivery => $pdu->{registered_delivery});
    my $text = sprintf('id:%d sub:001 dlvrd:001 submit date:261126103000 done date:261126103015 stat:DELIVRD err:000 text:%s', $dec,
      substr($pdu->{short_message} // '', 0, 20));
    $c->deliver_sm(source_addr => $pdu->{destination_addr}, destination_addr => $pdu->{source_addr}, esm_class => 0x04,
      short_message => $text, async => 1);
  } elsif ($cmd == 0x80000005) {
    say_json(step => 'deliver_sm_resp', status => $pdu->{status});
  } elsif ($cmd == 0x00000015) {
    $c->enquire_link_resp(seq => $pdu->{seq});
    say_json(step => 'enquire_link');
  } elsif ($cmd == 0x00000006) {
    $c->unbind_resp(seq => $pdu->{seq});
    say_json(step => 'unbind');
    exit 0;
  } else {
    $c->generic_nack(seq => $pdu->{seq}, status => 0x03);
  }
}
